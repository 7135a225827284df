module example.com/directivestest

go 1.26.0
