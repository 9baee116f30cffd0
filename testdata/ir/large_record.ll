; large_record.ll - larger counts.
;   @lr_many_locations : one record with 260 locations (NumLocations > 255):
;                        130 distinct large constants (ConstantIndex 0-129,
;                        so NumConstants = 130) interleaved with 130 small
;                        inline Constants (value = +/- index)
;   @lr_many_records   : one function with 40 records, IDs 20000-20039,
;                        each with 1 location
; (generated once with a short script; the file itself is the source)
declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @lr_many_locations() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19999, i32 0, i64 8589934592, i64 0, i64 12884901903, i64 -1, i64 17179869214, i64 2, i64 21474836525, i64 -3, i64 25769803836, i64 4, i64 30064771147, i64 -5, i64 34359738458, i64 6, i64 38654705769, i64 -7, i64 42949673080, i64 8, i64 47244640391, i64 -9, i64 51539607702, i64 10, i64 55834575013, i64 -11, i64 60129542324, i64 12, i64 64424509635, i64 -13, i64 68719476946, i64 14, i64 73014444257, i64 -15, i64 77309411568, i64 16, i64 81604378879, i64 -17, i64 85899346190, i64 18, i64 90194313501, i64 -19, i64 94489280812, i64 20, i64 98784248123, i64 -21, i64 103079215434, i64 22, i64 107374182745, i64 -23, i64 111669150056, i64 24, i64 115964117367, i64 -25, i64 120259084678, i64 26, i64 124554051989, i64 -27, i64 128849019300, i64 28, i64 133143986611, i64 -29, i64 137438953922, i64 30, i64 141733921233, i64 -31, i64 146028888544, i64 32, i64 150323855855, i64 -33, i64 154618823166, i64 34, i64 158913790477, i64 -35, i64 163208757788, i64 36, i64 167503725099, i64 -37, i64 171798692410, i64 38, i64 176093659721, i64 -39, i64 180388627032, i64 40, i64 184683594343, i64 -41, i64 188978561654, i64 42, i64 193273528965, i64 -43, i64 197568496276, i64 44, i64 201863463587, i64 -45, i64 206158430898, i64 46, i64 210453398209, i64 -47, i64 214748365520, i64 48, i64 219043332831, i64 -49, i64 223338300142, i64 50, i64 227633267453, i64 -51, i64 231928234764, i64 52, i64 236223202075, i64 -53, i64 240518169386, i64 54, i64 244813136697, i64 -55, i64 249108104008, i64 56, i64 253403071319, i64 -57, i64 257698038630, i64 58, i64 261993005941, i64 -59, i64 266287973252, i64 60, i64 270582940563, i64 -61, i64 274877907874, i64 62, i64 279172875185, i64 -63, i64 283467842496, i64 64, i64 287762809807, i64 -65, i64 292057777118, i64 66, i64 296352744429, i64 -67, i64 300647711740, i64 68, i64 304942679051, i64 -69, i64 309237646362, i64 70, i64 313532613673, i64 -71, i64 317827580984, i64 72, i64 322122548295, i64 -73, i64 326417515606, i64 74, i64 330712482917, i64 -75, i64 335007450228, i64 76, i64 339302417539, i64 -77, i64 343597384850, i64 78, i64 347892352161, i64 -79, i64 352187319472, i64 80, i64 356482286783, i64 -81, i64 360777254094, i64 82, i64 365072221405, i64 -83, i64 369367188716, i64 84, i64 373662156027, i64 -85, i64 377957123338, i64 86, i64 382252090649, i64 -87, i64 386547057960, i64 88, i64 390842025271, i64 -89, i64 395136992582, i64 90, i64 399431959893, i64 -91, i64 403726927204, i64 92, i64 408021894515, i64 -93, i64 412316861826, i64 94, i64 416611829137, i64 -95, i64 420906796448, i64 96, i64 425201763759, i64 -97, i64 429496731070, i64 98, i64 433791698381, i64 -99, i64 438086665692, i64 100, i64 442381633003, i64 -101, i64 446676600314, i64 102, i64 450971567625, i64 -103, i64 455266534936, i64 104, i64 459561502247, i64 -105, i64 463856469558, i64 106, i64 468151436869, i64 -107, i64 472446404180, i64 108, i64 476741371491, i64 -109, i64 481036338802, i64 110, i64 485331306113, i64 -111, i64 489626273424, i64 112, i64 493921240735, i64 -113, i64 498216208046, i64 114, i64 502511175357, i64 -115, i64 506806142668, i64 116, i64 511101109979, i64 -117, i64 515396077290, i64 118, i64 519691044601, i64 -119, i64 523986011912, i64 120, i64 528280979223, i64 -121, i64 532575946534, i64 122, i64 536870913845, i64 -123, i64 541165881156, i64 124, i64 545460848467, i64 -125, i64 549755815778, i64 126, i64 554050783089, i64 -127, i64 558345750400, i64 128, i64 562640717711, i64 -129)
  ret void
}

define void @lr_many_records(i64 %a) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20000, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20001, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20002, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20003, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20004, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20005, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20006, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20007, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20008, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20009, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20010, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20011, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20012, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20013, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20014, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20015, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20016, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20017, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20018, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20019, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20020, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20021, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20022, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20023, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20024, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20025, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20026, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20027, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20028, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20029, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20030, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20031, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20032, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20033, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20034, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20035, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20036, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20037, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20038, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20039, i32 0, i64 %a)
  ret void
}
