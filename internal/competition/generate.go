package competition

//go:generate go run ./internal/genfacts -shared ../../../shared -o facts_gen.go -quantiles ../grade/leaderboards_gen.go
