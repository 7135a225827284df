module example.com/elemstest

go 1.26.0
