module example.com/taint

go 1.26
