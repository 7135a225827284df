module example.com/statusfieldtest

go 1.26.0
