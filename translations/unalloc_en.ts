<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>unalloc::ui::AnalysisBar</name>
    <message numerus="yes">
        <source>%1 — %n batch(es)</source>
        <translation>
            <numerusform>%1 — %n batch</numerusform>
            <numerusform>%1 — %n batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Invoices — %n batch(es)</source>
        <translation>
            <numerusform>Invoices — %n batch</numerusform>
            <numerusform>Invoices — %n batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n row(s)</source>
        <translation>
            <numerusform>%1 · %n row</numerusform>
            <numerusform>%1 · %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n source(s)</source>
        <translation>
            <numerusform>All %n source</numerusform>
            <numerusform>All %n sources</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %3 row(s)</source>
        <translation>
            <numerusform>%1 · %2 of %3 row</numerusform>
            <numerusform>%1 · %2 of %3 rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · 0 of %2 row(s)</source>
        <translation>
            <numerusform>%1 · 0 of %2 row</numerusform>
            <numerusform>%1 · 0 of %2 rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 source(s)</source>
        <translation>
            <numerusform>%1 of %2 source</numerusform>
            <numerusform>%1 of %2 sources</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::DateRangeDialog</name>
    <message numerus="yes">
        <source>%n day(s), by the UTC day a row starts; the command line says --to the day after the last one.</source>
        <translation>
            <numerusform>%n day, by the UTC day a row starts; the command line says --to the day after the last one.</numerusform>
            <numerusform>%n days, by the UTC day a row starts; the command line says --to the day after the last one.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::FallbackChips</name>
    <message numerus="yes">
        <source>%n more…</source>
        <translation>
            <numerusform>%n more…</numerusform>
            <numerusform>%n more…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %3 row(s). Click to %4; fallbacks are tried in click order.</source>
        <translation>
            <numerusform>%1 · %2 of %3 row. Click to %4; fallbacks are tried in click order.</numerusform>
            <numerusform>%1 · %2 of %3 rows. Click to %4; fallbacks are tried in click order.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::FallbackView</name>
    <message numerus="yes">
        <source>Whole key: %1 · %2 · %3 · %n value(s)</source>
        <comment>amount, share, rows</comment>
        <translation>
            <numerusform>Whole key: %1 · %2 · %3 · %n value</numerusform>
            <numerusform>Whole key: %1 · %2 · %3 · %n values</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 row</numerusform>
            <numerusform>%1 rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ImportDialog</name>
    <message numerus="yes">
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>Reading %n file…</numerusform>
            <numerusform>Reading %n files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready to import %n file(s).</source>
        <translation>
            <numerusform>Ready to import %n file.</numerusform>
            <numerusform>Ready to import %n files.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 file(s) cannot be imported; fix or remove them.</source>
        <translation>
            <numerusform>%1 of %2 file cannot be imported; fix or remove them.</numerusform>
            <numerusform>%1 of %2 files cannot be imported; fix or remove them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 row(s) already in the ledger will be skipped as duplicates.</source>
        <translation>
            <numerusform>%1 of %2 row already in the ledger will be skipped as a duplicate.</numerusform>
            <numerusform>%1 of %2 rows already in the ledger will be skipped as duplicates.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ImportPreviewModel</name>
    <message numerus="yes">
        <source>%n invoice(s)</source>
        <translation>
            <numerusform>%n invoice</numerusform>
            <numerusform>%n invoices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::LedgerView</name>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln row</numerusform>
            <numerusform>%Ln rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) · total %1</source>
        <translation>
            <numerusform>%Ln row · total %1</numerusform>
            <numerusform>%Ln rows · total %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n invoice batch(es)</source>
        <translation>
            <numerusform>%n invoice batch</numerusform>
            <numerusform>%n invoice batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n duplicate row(s) already in the ledger were skipped</source>
        <translation>
            <numerusform>; %n duplicate row already in the ledger was skipped</numerusform>
            <numerusform>; %n duplicate rows already in the ledger were skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n invoice(s)</source>
        <translation>
            <numerusform>; %n invoice</numerusform>
            <numerusform>; %n invoices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 new row</numerusform>
            <numerusform>%1 new rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es)</source>
        <translation>
            <numerusform>%n batch</numerusform>
            <numerusform>%n batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 row</numerusform>
            <numerusform>%1 rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cost batch(es)</source>
        <translation>
            <numerusform>%n cost batch</numerusform>
            <numerusform>%n cost batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n source</numerusform>
            <numerusform>%n sources</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MeterSplitBanner</name>
    <message numerus="yes">
        <source>Meter split: %1 (%2) is split by %3 into %4 row(s) — applied %5.</source>
        <translation>
            <numerusform>Meter split: %1 (%2) is split by %3 into %4 row — applied %5.</numerusform>
            <numerusform>Meter split: %1 (%2) is split by %3 into %4 rows — applied %5.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MeterView</name>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln request</numerusform>
            <numerusform>%Ln requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The pod row is replaced in every report by %n row(s):</source>
        <translation>
            <numerusform>The pod row is replaced in every report by %n row:</numerusform>
            <numerusform>The pod row is replaced in every report by %n rows:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 tenant(s) by %2</source>
        <translation>
            <numerusform>%1 tenant by %2</numerusform>
            <numerusform>%1 tenants by %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::OverlapModel</name>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::OverviewView</name>
    <message numerus="yes">
        <source>+ %n smaller owner(s)</source>
        <translation>
            <numerusform>+ %n smaller owner</numerusform>
            <numerusform>+ %n smaller owners</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 row</numerusform>
            <numerusform>%1 rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n source</numerusform>
            <numerusform>%n sources</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PackDialog</name>
    <message numerus="yes">
        <source>%1 (%2, %Ln request(s))</source>
        <comment>pod, cost, requests</comment>
        <translation>
            <numerusform>%1 (%2, %Ln request)</numerusform>
            <numerusform>%1 (%2, %Ln requests)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PullDialog</name>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 new row</numerusform>
            <numerusform>%1 new rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n source</numerusform>
            <numerusform>%n sources</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 row</numerusform>
            <numerusform>%1 rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PullProgressModel</name>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 new row</numerusform>
            <numerusform>%1 new rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ReconciliationView</name>
    <message numerus="yes">
        <source>Provider unknown for %n gateway row(s) — re-import to match them.</source>
        <translation>
            <numerusform>Provider unknown for %n gateway row — re-import to match it.</numerusform>
            <numerusform>Provider unknown for %n gateway rows — re-import to match them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 new row</numerusform>
            <numerusform>%1 new rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s) already in the ledger were skipped</source>
        <translation>
            <numerusform>%1 row already in the ledger was skipped</numerusform>
            <numerusform>%1 rows already in the ledger were skipped</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::TrendsView</name>
    <message numerus="yes">
        <source>+ %n smaller owner(s)</source>
        <translation>
            <numerusform>+ %n smaller owner</numerusform>
            <numerusform>+ %n smaller owners</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n period(s) · %2 rows</source>
        <translation>
            <numerusform>%1 · %n period · %2 rows</numerusform>
            <numerusform>%1 · %n periods · %2 rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n period(s) rest on a partial batch (▲)</source>
        <translation>
            <numerusform>%n period rests on a partial batch (▲)</numerusform>
            <numerusform>%n periods rest on a partial batch (▲)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2
%3 · %4 of %5
%n row(s)</source>
        <translation>
            <numerusform>%1 · %2
%3 · %4 of %5
%n row</numerusform>
            <numerusform>%1 · %2
%3 · %4 of %5
%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Total %1 · %n row(s)</source>
        <translation>
            <numerusform>Total %1 · %n row</numerusform>
            <numerusform>Total %1 · %n rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::UnallocatedView</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%2 of %3) has no &lt;b&gt;%4&lt;/b&gt;: %Ln cost object(s) nobody owns.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%2 of %3) has no &lt;b&gt;%4&lt;/b&gt;: %Ln cost object nobody owns.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%2 of %3) has no &lt;b&gt;%4&lt;/b&gt;: %Ln cost objects nobody owns.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>From %1 today to %2 after %n fix(es): label the costliest unowned objects first.</source>
        <translation>
            <numerusform>From %1 today to %2 after %n fix: label the costliest unowned objects first.</numerusform>
            <numerusform>From %1 today to %2 after %n fixes: label the costliest unowned objects first.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 row</numerusform>
            <numerusform>%1 rows</numerusform>
        </translation>
    </message>
</context>
</TS>
