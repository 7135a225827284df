module example.com/absencetest

go 1.26.0
