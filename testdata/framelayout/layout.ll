; ModuleID = 'layout.c'
source_filename = "layout.c"

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i64 @layout_frame(i64 noundef %a, i64 noundef %b) #0 !dbg !12 {
entry:
  %a.addr = alloca i64, align 8
  %b.addr = alloca i64, align 8
  %buffer = alloca [4 x i64], align 16
  %counter = alloca i32, align 4
  store i64 %a, ptr %a.addr, align 8
    #dbg_declare(ptr %a.addr, !17, !DIExpression(), !18)
  store i64 %b, ptr %b.addr, align 8
    #dbg_declare(ptr %b.addr, !19, !DIExpression(), !20)
    #dbg_declare(ptr %buffer, !21, !DIExpression(), !25)
    #dbg_declare(ptr %counter, !26, !DIExpression(), !27)
  %0 = load i64, ptr %b.addr, align 8, !dbg !28
  %conv = trunc i64 %0 to i32, !dbg !29
  store i32 %conv, ptr %counter, align 4, !dbg !27
  %arraydecay = getelementptr inbounds [4 x i64], ptr %buffer, i64 0, i64 0, !dbg !30
  call void @use(ptr noundef %arraydecay), !dbg !31
  call void @use(ptr noundef %counter), !dbg !32
  %arraydecay1 = getelementptr inbounds [4 x i64], ptr %buffer, i64 0, i64 0, !dbg !33
  %1 = load i64, ptr %a.addr, align 8, !dbg !34
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, ptr noundef %arraydecay1, ptr noundef %counter, i64 noundef %1), !dbg !35
  %arrayidx = getelementptr inbounds [4 x i64], ptr %buffer, i64 0, i64 0, !dbg !36
  %2 = load i64, ptr %arrayidx, align 16, !dbg !36
  %3 = load i32, ptr %counter, align 4, !dbg !37
  %conv2 = sext i32 %3 to i64, !dbg !37
  %add = add nsw i64 %2, %conv2, !dbg !38
  %4 = load i64, ptr %a.addr, align 8, !dbg !39
  %add3 = add nsw i64 %add, %4, !dbg !40
  ret i64 %add3, !dbg !41
}

declare void @use(ptr noundef) #1

declare void @llvm.experimental.stackmap(i64, i32, ...)

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7, !8, !9, !10}
!llvm.ident = !{!11}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "layout.c", directory: ".", checksumkind: CSK_MD5, checksum: "9a759f97c866f5dea74200c564cd0dbc")
!2 = !{!3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 8, !"PIC Level", i32 2}
!8 = !{i32 7, !"PIE Level", i32 2}
!9 = !{i32 7, !"uwtable", i32 2}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!12 = distinct !DISubprogram(name: "layout_frame", scope: !1, file: !1, line: 7, type: !13, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!13 = !DISubroutineType(types: !14)
!14 = !{!15, !15, !15}
!15 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!16 = !{}
!17 = !DILocalVariable(name: "a", arg: 1, scope: !12, file: !1, line: 7, type: !15)
!18 = !DILocation(line: 7, column: 24, scope: !12)
!19 = !DILocalVariable(name: "b", arg: 2, scope: !12, file: !1, line: 7, type: !15)
!20 = !DILocation(line: 7, column: 32, scope: !12)
!21 = !DILocalVariable(name: "buffer", scope: !12, file: !1, line: 8, type: !22)
!22 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 256, elements: !23)
!23 = !{!24}
!24 = !DISubrange(count: 4)
!25 = !DILocation(line: 8, column: 8, scope: !12)
!26 = !DILocalVariable(name: "counter", scope: !12, file: !1, line: 9, type: !3)
!27 = !DILocation(line: 9, column: 7, scope: !12)
!28 = !DILocation(line: 9, column: 22, scope: !12)
!29 = !DILocation(line: 9, column: 17, scope: !12)
!30 = !DILocation(line: 10, column: 7, scope: !12)
!31 = !DILocation(line: 10, column: 3, scope: !12)
!32 = !DILocation(line: 11, column: 3, scope: !12)
!33 = !DILocation(line: 12, column: 6, scope: !12)
!34 = !DILocation(line: 12, column: 24, scope: !12)
!35 = !DILocation(line: 12, column: 3, scope: !12)
!36 = !DILocation(line: 13, column: 10, scope: !12)
!37 = !DILocation(line: 13, column: 22, scope: !12)
!38 = !DILocation(line: 13, column: 20, scope: !12)
!39 = !DILocation(line: 13, column: 32, scope: !12)
!40 = !DILocation(line: 13, column: 30, scope: !12)
!41 = !DILocation(line: 13, column: 3, scope: !12)
