module example.com/wraptest

go 1.26.0
