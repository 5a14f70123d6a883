// Package zipfile reproduces the original's zip handling in preparers:
// reading members of a raw zip by the path they would have once extracted
// (Python zipfile's member-name normalisation), so nothing is extracted into
// raw/ (Open, Reader, ReadCSV, ReadTable); the extract() precondition for a
// zip that is extracted but never read (Check); and writing deterministic
// archives for public/ (Write: deflate members from sources; WriteMembers:
// members with their own compression method, written through a temporary
// file). The original's zips carry file mtimes and are never checksummed;
// ours use a fixed time.
package zipfile
