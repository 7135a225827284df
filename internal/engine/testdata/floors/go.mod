module example.com/floortest

go 1.26.0
