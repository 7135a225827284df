module example.com/funcstest

go 1.26.0
