package three_d_object_detection_for_autonomous_vehicles

import "math"

func pySin(x float64) float64 { return math.Sin(x) }
func pyCos(x float64) float64 { return math.Cos(x) }
