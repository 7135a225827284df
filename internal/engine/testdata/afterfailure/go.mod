module example.com/afterfailure

go 1.26.0
