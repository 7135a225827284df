module example.com/flags

go 1.26.0
