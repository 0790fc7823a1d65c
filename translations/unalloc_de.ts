<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AnalysisBar</name>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>All dates</source>
        <translation>Alle Daten</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>Benutzerdefiniert…</translation>
    </message>
    <message>
        <source>Any first and last day (both included)</source>
        <translation>Beliebiger erster und letzter Tag (beide eingeschlossen)</translation>
    </message>
</context>
<context>
    <name>BatchDeleteCommand</name>
    <message>
        <source>The ledger is still loading; try again in a moment.</source>
        <translation>Das Ledger wird noch geladen; bitte gleich noch einmal versuchen.</translation>
    </message>
</context>
<context>
    <name>BatchReplaceCommand</name>
    <message>
        <source>The ledger is still loading; try again in a moment.</source>
        <translation>Das Hauptbuch wird noch geladen; versuchen Sie es gleich noch einmal.</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>%1 (complete)</source>
        <translation>%1 (vollständig)</translation>
    </message>
    <message>
        <source>%1 (PARTIAL: %2)</source>
        <translation>%1 (UNVOLLSTÄNDIG: %2)</translation>
    </message>
    <message>
        <source>all dates</source>
        <translation>alle Daten</translation>
    </message>
    <message>
        <source>De-duplicated: gateway rows kept, provider bills reduced to what the gateway did not count</source>
        <translation>Dedupliziert: Gateway-Zeilen behalten, Anbieterrechnungen auf das reduziert, was das Gateway nicht erfasst hat</translation>
    </message>
    <message>
        <source>WARNING: %1 counted twice (gateway rows and provider bills summed)</source>
        <translation>WARNUNG: %1 doppelt gezählt (Gateway-Zeilen und Anbieterrechnungen summiert)</translation>
    </message>
    <message>
        <source>Ledger: %1 · Period: %2</source>
        <translation>Hauptbuch: %1 · Zeitraum: %2</translation>
    </message>
    <message>
        <source>Sources: %1</source>
        <translation>Quellen: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Owner key: %1 · Fallbacks: %2</source>
        <translation>Eigentümer-Schlüssel: %1 · Fallbacks: %2</translation>
    </message>
    <message>
        <source>Rules: %1 · Exported %2 by unalloc-explorer</source>
        <translation>Regeln: %1 · Exportiert am %2 mit unalloc-explorer</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>Import</name>
    <message>
        <source>Unknown format. Accepted: %1</source>
        <translation>Unbekanntes Format. Akzeptiert: %1</translation>
    </message>
</context>
<context>
    <name>MeterSplitCommand</name>
    <message>
        <source>The ledger is still loading; try again in a moment.</source>
        <translation>Das Hauptbuch wird noch geladen; versuchen Sie es gleich noch einmal.</translation>
    </message>
</context>
<context>
    <name>OpenLedger</name>
    <message>
        <source>Opening %1…
A ledger written by an older unalloc is brought to the current format
once, in one transaction: a few seconds per million rows.</source>
        <translation>%1 wird geöffnet…
Ein Hauptbuch einer älteren unalloc-Version wird einmalig in einer Transaktion
in das aktuelle Format überführt: einige Sekunden je Million Zeilen.</translation>
    </message>
    <message>
        <source>Opening the ledger</source>
        <translation>Hauptbuch wird geöffnet</translation>
    </message>
</context>
<context>
    <name>Reconciliation</name>
    <message>
        <source>matched</source>
        <translation>abgestimmt</translation>
    </message>
    <message>
        <source>over</source>
        <translation>zu hoch</translation>
    </message>
    <message>
        <source>under</source>
        <translation>zu niedrig</translation>
    </message>
    <message>
        <source>no invoice</source>
        <translation>keine Rechnung</translation>
    </message>
    <message>
        <source>zero invoice</source>
        <translation>Nullrechnung</translation>
    </message>
    <message>
        <source>The ledger ties out with the invoice within the tolerance.</source>
        <translation>Das Hauptbuch stimmt innerhalb der Toleranz mit der Rechnung überein.</translation>
    </message>
    <message>
        <source>The ledger holds more than was invoiced: rows counted twice, or a credit missing.</source>
        <translation>Das Hauptbuch enthält mehr als in Rechnung gestellt: doppelt gezählte Zeilen oder eine fehlende Gutschrift.</translation>
    </message>
    <message>
        <source>The ledger holds less than was invoiced: spend the ledger never saw, or a truncated read.</source>
        <translation>Das Hauptbuch enthält weniger als in Rechnung gestellt: Ausgaben, die nie im Hauptbuch ankamen, oder ein abgebrochener Import.</translation>
    </message>
    <message>
        <source>No invoice for this source: nothing to check it against.</source>
        <translation>Keine Rechnung für diese Quelle: nichts zum Abgleichen.</translation>
    </message>
    <message>
        <source>The invoice is zero: no percentage, compare the dollars.</source>
        <translation>Die Rechnung ist null: kein Prozentwert, vergleichen Sie die Beträge.</translation>
    </message>
    <message>
        <source>undated invoice</source>
        <translation>undatierte Rechnung</translation>
    </message>
    <message>
        <source>no invoice period</source>
        <translation>kein Rechnungszeitraum</translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Who owns the spend: U, F, owners, how rows resolved</source>
        <translation>Wem die Ausgaben gehören: U, F, Eigentümer, wie Zeilen zugeordnet wurden</translation>
    </message>
    <message>
        <source>Unallocated</source>
        <translation>Nicht zugeordnet</translation>
    </message>
    <message>
        <source>What belongs to no one, and which fixes help most</source>
        <translation>Was niemandem gehört und welche Korrekturen am meisten helfen</translation>
    </message>
    <message>
        <source>Fallback exposure</source>
        <translation>Fallback-Risiko</translation>
    </message>
    <message>
        <source>Spend attributed only through fallbacks; key collisions</source>
        <translation>Nur über Fallbacks zugeordnete Ausgaben; Schlüsselkollisionen</translation>
    </message>
    <message>
        <source>Reconciliation</source>
        <translation>Abstimmung</translation>
    </message>
    <message>
        <source>Ledger vs invoices, double counting, batch completeness</source>
        <translation>Hauptbuch gegen Rechnungen, Doppelzählung, Vollständigkeit der Importe</translation>
    </message>
    <message>
        <source>Meter comparison</source>
        <translation>Zählervergleich</translation>
    </message>
    <message>
        <source>Feature economics</source>
        <translation>Feature-Wirtschaftlichkeit</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Hauptbuch</translation>
    </message>
    <message>
        <source>Every row: exact amounts, labels, batch</source>
        <translation>Jede Zeile: exakte Beträge, Labels, Importstapel</translation>
    </message>
    <message>
        <source>Who pays for a shared inference pod, meter by meter</source>
        <translation>Wer einen gemeinsamen Inferenz-Pod bezahlt, Zähler für Zähler</translation>
    </message>
    <message>
        <source>Cost per 1,000 requests with cluster cost; GPU vs API</source>
        <translation>Kosten pro 1.000 Anfragen samt Clusterkosten; GPU gegen API</translation>
    </message>
    <message>
        <source>Trends</source>
        <translation>Trends</translation>
    </message>
    <message>
        <source>Spend, U and F per day, week or month; this period vs the last</source>
        <translation>Ausgaben, U und F pro Tag, Woche oder Monat; dieser Zeitraum gegen den vorigen</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::AnalysisBar</name>
    <message>
        <source>&amp;De-duplicate gateway vs provider bills</source>
        <translation>Gateway und Anbieter&amp;rechnungen deduplizieren</translation>
    </message>
    <message>
        <source>Gateway rows (LiteLLM) and provider bills can count the same dollars. Checked: keep the gateway rows (they carry team labels) and only the part of each bill the gateway did not see (--dedupe).</source>
        <translation>Gateway-Zeilen (LiteLLM) und Anbieterrechnungen können dieselben Dollar zählen. Aktiviert: Die Gateway-Zeilen bleiben (sie tragen Team-Labels), von jeder Rechnung nur der Teil, den das Gateway nicht gesehen hat (--dedupe).</translation>
    </message>
    <message>
        <source>Which charge windows count (by the UTC day a row starts)</source>
        <translation>Welche Abrechnungsfenster zählen (nach dem UTC-Tag, an dem eine Zeile beginnt)</translation>
    </message>
    <message>
        <source>The owner label (--dimension). Type any key; it is canonicalised the way the ledger&apos;s labels are (costCenter → cost_center).</source>
        <translation>Das Eigentümer-Label (--dimension). Jeder Schlüssel ist möglich; er wird wie die Labels im Hauptbuch vereinheitlicht (costCenter → cost_center).</translation>
    </message>
    <message>
        <source>The same analysis from the command line</source>
        <translation>Dieselbe Analyse auf der Kommandozeile</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the command line</source>
        <translation>Befehlszeile kopieren</translation>
    </message>
    <message>
        <source>&amp;Sources</source>
        <translation>&amp;Quellen</translation>
    </message>
    <message>
        <source>&amp;Owner key</source>
        <translation>&amp;Eigentümer-Schlüssel</translation>
    </message>
    <message>
        <source>&amp;Period</source>
        <translation>&amp;Zeitraum</translation>
    </message>
    <message>
        <source>F&amp;allbacks</source>
        <translation>Fallbac&amp;ks</translation>
    </message>
    <message>
        <source>C&amp;LI</source>
        <translation>C&amp;LI</translation>
    </message>
    <message>
        <source>Add fallback %1</source>
        <translation>Fallback %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove fallback %1</source>
        <translation>Fallback %1 entfernen</translation>
    </message>
    <message>
        <source>De-duplicate gateway vs provider bills</source>
        <translation>Gateway und Anbieterrechnungen deduplizieren</translation>
    </message>
    <message>
        <source>Sum gateway and provider bills</source>
        <translation>Gateway und Anbieterrechnungen summieren</translation>
    </message>
    <message>
        <source>Owner key %1</source>
        <translation>Eigentümer-Schlüssel %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n batch(es)</source>
        <translation>
            <numerusform>%1 — %n Importstapel</numerusform>
            <numerusform>%1 — %n Importstapel</numerusform>
        </translation>
    </message>
    <message>
        <source>partial</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <source>Reconciliation input</source>
        <translation>Für die Abstimmung</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n row(s)</source>
        <translation>
            <numerusform>%1 · %n Zeile</numerusform>
            <numerusform>%1 · %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Every figure is in this currency. A ledger holding several currencies is viewed one at a time: they are never summed (--currency).</source>
        <translation>Alle Zahlen sind in dieser Währung. Ein Hauptbuch mit mehreren Währungen wird je Währung angezeigt: Währungen werden nie addiert (--currency).</translation>
    </message>
    <message>
        <source>C&amp;urrency</source>
        <translation>&amp;Währung</translation>
    </message>
    <message>
        <source>Currency %1</source>
        <translation>Währung %1</translation>
    </message>
    <message numerus="yes">
        <source>Invoices — %n batch(es)</source>
        <translation>
            <numerusform>Rechnungen — %n Importstapel</numerusform>
            <numerusform>Rechnungen — %n Importstapel</numerusform>
        </translation>
    </message>
    <message>
        <source>Invoices are compared with the ledger in the Reconciliation view; they add no spend.</source>
        <translation>Rechnungen werden in der Ansicht Abstimmung mit dem Hauptbuch verglichen; sie fügen keine Ausgaben hinzu.</translation>
    </message>
    <message numerus="yes">
        <source>All %n source(s)</source>
        <translation>
            <numerusform>Die einzige Quelle</numerusform>
            <numerusform>Alle %n Quellen</numerusform>
        </translation>
    </message>
    <message>
        <source>partial data</source>
        <translation>unvollständige Daten</translation>
    </message>
    <message>
        <source>Some selected batches are partial: their numbers are incomplete.
%1</source>
        <translation>Einige gewählte Importstapel sind unvollständig: Ihre Zahlen sind zu niedrig.
%1</translation>
    </message>
    <message>
        <source>Every selected batch is complete.</source>
        <translation>Jeder gewählte Importstapel ist vollständig.</translation>
    </message>
    <message>
        <source>Period %1</source>
        <translation>Zeitraum %1</translation>
    </message>
    <message>
        <source>Include %1</source>
        <translation>%1 einbeziehen</translation>
    </message>
    <message>
        <source>Exclude %1</source>
        <translation>%1 ausschließen</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %3 row(s)</source>
        <translation>
            <numerusform>%1 · %2 von %3 Zeile</numerusform>
            <numerusform>%1 · %2 von %3 Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · 0 of %2 row(s)</source>
        <translation>
            <numerusform>%1 · 0 von %2 Zeile</numerusform>
            <numerusform>%1 · 0 von %2 Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 source(s)</source>
        <translation>
            <numerusform>%1 von %2 Quelle</numerusform>
            <numerusform>%1 von %2 Quellen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::BacklogModel</name>
    <message>
        <source>Fix #</source>
        <translation>Korrektur Nr.</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Cost object</source>
        <translation>Kostenobjekt</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Share of U</source>
        <translation>Anteil an U</translation>
    </message>
    <message>
        <source>U after fix</source>
        <translation>U nach Korrektur</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Labels it does have</source>
        <translation>Vorhandene Labels</translation>
    </message>
    <message>
        <source>Unallocated share (U) left once this object and every one above it carry the owner label.</source>
        <translation>Nicht zugeordneter Anteil (U), der bleibt, wenn dieses Objekt und alle darüber das Eigentümer-Label tragen.</translation>
    </message>
    <message>
        <source>The labels this object already carries: a fix can map one of them to an owner.</source>
        <translation>Die Labels, die dieses Objekt schon trägt: Eine Korrektur kann eines davon einem Eigentümer zuordnen.</translation>
    </message>
    <message>
        <source>(no labels)</source>
        <translation>(keine Labels)</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::BatchReplaceJob</name>
    <message>
        <source>The ledger is still loading; try again in a moment.</source>
        <translation>Das Hauptbuch wird noch geladen; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Cancelled; the batch is unchanged.</source>
        <translation>Abgebrochen; der Importstapel ist unverändert.</translation>
    </message>
    <message>
        <source>%1 — the batch is unchanged</source>
        <translation>%1 — der Importstapel ist unverändert</translation>
    </message>
    <message>
        <source>Batch %1 was replaced in %2, which is no longer open (no undo).</source>
        <translation>Importstapel %1 wurde in %2 ersetzt, das nicht mehr geöffnet ist (kein Rückgängig).</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::BatchStateModel</name>
    <message>
        <source>Batch</source>
        <translation>Importstapel</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Zeitfenster</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Completeness</source>
        <translation>Vollständigkeit</translation>
    </message>
    <message>
        <source>Why incomplete</source>
        <translation>Grund der Unvollständigkeit</translation>
    </message>
    <message>
        <source>In view</source>
        <translation>Im Ausschnitt</translation>
    </message>
    <message>
        <source>Partial: the source&apos;s own evidence says data is missing (the last page said has_more, fewer records or steps than declared, missing days)</source>
        <translation>Unvollständig: Die Quelle selbst zeigt fehlende Daten an (letzte Seite mit has_more, weniger Datensätze oder Schritte als angegeben, fehlende Tage)</translation>
    </message>
    <message>
        <source>Whether the batch has rows in the selected period and sources</source>
        <translation>Ob der Importstapel Zeilen im gewählten Zeitraum und in den gewählten Quellen hat</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>⚠ failed</source>
        <translation>⚠ fehlgeschlagen</translation>
    </message>
    <message>
        <source>⚠ partial</source>
        <translation>⚠ unvollständig</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>reconciliation</source>
        <translation>Abgleich</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::BreakevenModel</name>
    <message>
        <source>Tier</source>
        <translation>Preisstufe</translation>
    </message>
    <message>
        <source>Input $/M</source>
        <translation>Eingabe $/M</translation>
    </message>
    <message>
        <source>Cached $/M</source>
        <translation>Cache $/M</translation>
    </message>
    <message>
        <source>Output $/M</source>
        <translation>Ausgabe $/M</translation>
    </message>
    <message>
        <source>Break-even (req/s)</source>
        <translation>Gewinnschwelle (Anfr./s)</translation>
    </message>
    <message>
        <source>Floor ratio</source>
        <translation>Untergrenze Verhältnis</translation>
    </message>
    <message>
        <source>Above this request rate the self-hosted GPU is cheaper than the tier.</source>
        <translation>Oberhalb dieser Anfragerate ist die eigene GPU günstiger als die Preisstufe.</translation>
    </message>
    <message>
        <source>The lowest self-hosted ÷ API ratio over the rates: the saturated GPU.</source>
        <translation>Das kleinste Verhältnis eigene GPU ÷ API über alle Raten: die ausgelastete GPU.</translation>
    </message>
    <message>
        <source>below every rate</source>
        <translation>unter jeder Rate</translation>
    </message>
    <message>
        <source>above every rate</source>
        <translation>über jeder Rate</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ChartPanel</name>
    <message>
        <source>Save as &amp;PNG…</source>
        <translation>Als &amp;PNG speichern…</translation>
    </message>
    <message>
        <source>Save as &amp;SVG…</source>
        <translation>Als &amp;SVG speichern…</translation>
    </message>
    <message>
        <source>Save as P&amp;DF…</source>
        <translation>Als P&amp;DF speichern…</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>Bild &amp;kopieren</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Grafik (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::CollisionModel</name>
    <message>
        <source>Canonical key</source>
        <translation>Kanonischer Schlüssel</translation>
    </message>
    <message>
        <source>Raw keys (winner first)</source>
        <translation>Rohschlüssel (Gewinner zuerst)</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Gewinner</translation>
    </message>
    <message>
        <source>Dollars affected</source>
        <translation>Betroffener Betrag</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>The raw key whose value the canonical key keeps: an exact spelling beats an alias, an alias beats a rewritten key, a rewritten key beats a path.</source>
        <translation>Der Rohschlüssel, dessen Wert der kanonische Schlüssel übernimmt: Exakte Schreibweise schlägt Alias, Alias schlägt umgeschriebenen Schlüssel, umgeschriebener Schlüssel schlägt Pfad.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::DateRangeDialog</name>
    <message>
        <source>Custom Period</source>
        <translation>Benutzerdefinierter Zeitraum</translation>
    </message>
    <message>
        <source>&amp;First day:</source>
        <translation>&amp;Erster Tag:</translation>
    </message>
    <message>
        <source>&amp;Last day (included):</source>
        <translation>&amp;Letzter Tag (eingeschlossen):</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s), by the UTC day a row starts; the command line says --to the day after the last one.</source>
        <translation>
            <numerusform>%n Tag, nach dem UTC-Tag, an dem eine Zeile beginnt; die Befehlszeile nennt bei --to den Tag nach dem letzten.</numerusform>
            <numerusform>%n Tage, nach dem UTC-Tag, an dem eine Zeile beginnt; die Befehlszeile nennt bei --to den Tag nach dem letzten.</numerusform>
        </translation>
    </message>
    <message>
        <source>The last day is before the first.</source>
        <translation>Der letzte Tag liegt vor dem ersten.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::EconomicsModel</name>
    <message>
        <source>Feature</source>
        <translation>Feature</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>API per 1k</source>
        <translation>API pro 1.000</translation>
    </message>
    <message>
        <source>Infra per 1k</source>
        <translation>Infra pro 1.000</translation>
    </message>
    <message>
        <source>Total per 1k</source>
        <translation>Gesamt pro 1.000</translation>
    </message>
    <message>
        <source>Invisible</source>
        <translation>Unsichtbar</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Infrastructure</source>
        <translation>Infrastruktur</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Gateway requests carrying the feature (daily aggregates count no requests).</source>
        <translation>Gateway-Anfragen mit diesem Feature (Tagessummen zählen keine Anfragen).</translation>
    </message>
    <message>
        <source>Gateway and provider dollars per 1,000 requests: what the LLM bill shows.</source>
        <translation>Gateway- und Anbieterdollar pro 1.000 Anfragen: was die LLM-Rechnung zeigt.</translation>
    </message>
    <message>
        <source>Cluster dollars (OpenCost, FOCUS) per 1,000 requests.</source>
        <translation>Clusterdollar (OpenCost, FOCUS) pro 1.000 Anfragen.</translation>
    </message>
    <message>
        <source>Everything the feature costs per 1,000 requests.</source>
        <translation>Alles, was das Feature pro 1.000 Anfragen kostet.</translation>
    </message>
    <message>
        <source>Infrastructure ÷ total: the part of the feature&apos;s cost the gateway never sees.</source>
        <translation>Infrastruktur ÷ Gesamt: der Teil der Kosten, den das Gateway nie sieht.</translation>
    </message>
    <message>
        <source>Cost and requests without the feature key: reported, never dropped.</source>
        <translation>Kosten und Anfragen ohne den Feature-Schlüssel: ausgewiesen, nie verworfen.</translation>
    </message>
    <message>
        <source>unattributed</source>
        <translation>nicht zugeordnet</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::EconomicsTrendModel</name>
    <message>
        <source>Month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>API per 1k</source>
        <translation>API pro 1.000</translation>
    </message>
    <message>
        <source>Infra per 1k</source>
        <translation>Infra pro 1.000</translation>
    </message>
    <message>
        <source>Total per 1k</source>
        <translation>Gesamt pro 1.000</translation>
    </message>
    <message>
        <source>Invisible</source>
        <translation>Unsichtbar</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::EconomicsView</name>
    <message>
        <source>no rows in this period and these sources</source>
        <translation>keine Zeilen in diesem Zeitraum und diesen Quellen</translation>
    </message>
    <message>
        <source>Gateway requests</source>
        <translation>Gateway-Anfragen</translation>
    </message>
    <message>
        <source>Cost per 1,000 requests</source>
        <translation>Kosten pro 1.000 Anfragen</translation>
    </message>
    <message>
        <source>Invisible from the gateway</source>
        <translation>Für das Gateway unsichtbar</translation>
    </message>
    <message>
        <source>Unattributed cost</source>
        <translation>Nicht zugeordnete Kosten</translation>
    </message>
    <message>
        <source>The label whose values are the features (default: feature). Remembered for this ledger; the owner key plays no part here.</source>
        <translation>Das Label, dessen Werte die Features sind (Standard: feature). Wird für dieses Ledger gemerkt; der Eigentümerschlüssel spielt hier keine Rolle.</translation>
    </message>
    <message>
        <source>Cost per 1,000 requests by feature</source>
        <translation>Kosten pro 1.000 Anfragen nach Feature</translation>
    </message>
    <message>
        <source>API bill and cluster infrastructure, stacked</source>
        <translation>API-Rechnung und Cluster-Infrastruktur, gestapelt</translation>
    </message>
    <message>
        <source>Cost per 1,000 requests by month</source>
        <translation>Kosten pro 1.000 Anfragen nach Monat</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>Features</translation>
    </message>
    <message>
        <source>Month by month</source>
        <translation>Monat für Monat</translation>
    </message>
    <message>
        <source>Feature key:</source>
        <translation>Feature-Schlüssel:</translation>
    </message>
    <message>
        <source>Month by month for:</source>
        <translation>Monat für Monat für:</translation>
    </message>
    <message>
        <source>Cannot compute the feature economics: %1</source>
        <translation>Die Feature-Ökonomie lässt sich nicht berechnen: %1</translation>
    </message>
    <message>
        <source>unattributed</source>
        <translation>nicht zugeordnet</translation>
    </message>
    <message>
        <source>%1 of them carry &apos;%2&apos;</source>
        <translation>%1 davon tragen „%2“</translation>
    </message>
    <message>
        <source>Features together; the gateway alone shows %1</source>
        <translation>Alle Features; das Gateway allein zeigt %1</translation>
    </message>
    <message>
        <source>%1 of cluster cost carries &apos;%2&apos;</source>
        <translation>%1 Clusterkosten tragen „%2“</translation>
    </message>
    <message>
        <source>cost without &apos;%1&apos; (API %2, infrastructure %3)</source>
        <translation>Kosten ohne „%1“ (API %2, Infrastruktur %3)</translation>
    </message>
    <message>
        <source>$ per 1,000 requests</source>
        <translation>$ pro 1.000 Anfragen</translation>
    </message>
    <message>
        <source>Total per 1k</source>
        <translation>Gesamt pro 1.000</translation>
    </message>
    <message>
        <source>API bill only</source>
        <translation>nur API-Rechnung</translation>
    </message>
    <message>
        <source>Request rate (req/s)</source>
        <translation>Anfragerate (Anfr./s)</translation>
    </message>
    <message>
        <source>Self-hosted ÷ API (log)</source>
        <translation>Eigene GPU ÷ API (log)</translation>
    </message>
    <message>
        <source>API bill</source>
        <translation>API-Rechnung</translation>
    </message>
    <message>
        <source>Infrastructure</source>
        <translation>Infrastruktur</translation>
    </message>
    <message>
        <source>%1: every month of the selected sources (total and API bill only)</source>
        <translation>%1: jeder Monat der gewählten Quellen (gesamt und nur API-Rechnung)</translation>
    </message>
    <message>
        <source>Break-even</source>
        <translation>Gewinnschwelle</translation>
    </message>
    <message>
        <source>Pods vs %1</source>
        <translation>Pods gegen %1</translation>
    </message>
    <message>
        <source>Parity</source>
        <translation>Gleichstand</translation>
    </message>
    <message>
        <source>What one self-hosted GPU costs per hour, in dollars.</source>
        <translation>Was eine eigene GPU pro Stunde kostet, in Dollar.</translation>
    </message>
    <message>
        <source>Simulating the study&apos;s traffic at each request rate…</source>
        <translation>Simuliere den Verkehr der Studie bei jeder Anfragerate …</translation>
    </message>
    <message>
        <source>GPU $/hour:</source>
        <translation>GPU $/Stunde:</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>Preisstufe</translation>
    </message>
    <message>
        <source>Input $/M</source>
        <translation>Eingabe $/M</translation>
    </message>
    <message>
        <source>Cached $/M</source>
        <translation>Cache $/M</translation>
    </message>
    <message>
        <source>Output $/M</source>
        <translation>Ausgabe $/M</translation>
    </message>
    <message>
        <source>Self-hosted GPU vs API: cost ratio by request rate</source>
        <translation>Eigene GPU gegen API: Kostenverhältnis nach Anfragerate</translation>
    </message>
    <message>
        <source>Self-hosted ÷ API (log scale); below the dashed line at 1 the GPU is cheaper; dots mark the break-even rates. Simulated vLLM-style server, studies&apos; tenants, 300 s per rate</source>
        <translation>Eigene GPU ÷ API (logarithmisch); unter der gestrichelten Linie bei 1 ist die GPU günstiger; Punkte markieren die Gewinnschwellen. Simulierter vLLM-artiger Server, Mandanten der Studien, 300 s pro Rate</translation>
    </message>
    <message>
        <source>Break-even per tier</source>
        <translation>Gewinnschwelle pro Preisstufe</translation>
    </message>
    <message>
        <source>This ledger&apos;s pods at their measured rate</source>
        <translation>Die Pods dieses Ledgers bei ihrer gemessenen Rate</translation>
    </message>
    <message>
        <source>GPU $/hour</source>
        <translation>GPU $/Stunde</translation>
    </message>
    <message>
        <source>Not a price in dollars (use a point, e.g. 0.15): %1</source>
        <translation>Kein Preis in Dollar (mit Punkt, z. B. 0.15): %1</translation>
    </message>
    <message>
        <source>No pod of this ledger has request telemetry in its window to place on the curves.</source>
        <translation>Kein Pod dieses Ledgers hat Anfragetelemetrie in seinem Zeitraum, die sich auf die Kurven setzen ließe.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::FallbackChips</name>
    <message>
        <source>remove it</source>
        <translation>ihn zu entfernen</translation>
    </message>
    <message>
        <source>add it as fallback %1</source>
        <translation>ihn als Fallback %1 hinzuzufügen</translation>
    </message>
    <message>
        <source>Search keys</source>
        <translation>Schlüssel suchen</translation>
    </message>
    <message numerus="yes">
        <source>%n more…</source>
        <translation>
            <numerusform>%n weiterer…</numerusform>
            <numerusform>%n weitere…</numerusform>
        </translation>
    </message>
    <message>
        <source>Every other label key of the ledger: search and pick one as the next fallback</source>
        <translation>Alle übrigen Label-Schlüssel des Ledgers: suchen und einen als nächsten Fallback wählen</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %3 row(s). Click to %4; fallbacks are tried in click order.</source>
        <translation>
            <numerusform>%1 · %2 von %3 Zeile. Klicken zum %4; Fallbacks werden in Klickreihenfolge versucht.</numerusform>
            <numerusform>%1 · %2 von %3 Zeilen. Klicken zum %4; Fallbacks werden in Klickreihenfolge versucht.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::FallbackKeyModel</name>
    <message>
        <source>Fallback key</source>
        <translation>Fallback-Schlüssel</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>F: spend attributed through this fallback key because the owner key was missing. A fallback lowers U without making it more correct.</source>
        <translation>F: Ausgaben, die über diesen Fallback-Schlüssel zugeordnet wurden, weil der Eigentümer-Schlüssel fehlte. Ein Fallback senkt U, ohne es richtiger zu machen.</translation>
    </message>
    <message>
        <source>Part of F that went to values never seen as a value of the owner key — probably not owners (a chart name, a namespace, a project).</source>
        <translation>Teil von F, der an Werte ging, die nie als Wert des Eigentümer-Schlüssels vorkommen — vermutlich keine Eigentümer (ein Chart-Name, ein Namespace, ein Projekt).</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Non-owner F</source>
        <translation>F an Nicht-Eigentümer</translation>
    </message>
    <message>
        <source>Fallback order: the first key that has a value decides.</source>
        <translation>Fallback-Reihenfolge: Der erste Schlüssel mit einem Wert entscheidet.</translation>
    </message>
    <message>
        <source>F through this key as a share of the total spend.</source>
        <translation>F über diesen Schlüssel als Anteil an den Gesamtausgaben.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::FallbackValueModel</name>
    <message>
        <source>Fallback key</source>
        <translation>Fallback-Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Looks like</source>
        <translation>Sieht aus wie</translation>
    </message>
    <message>
        <source>“%1” never occurs as a value of “%2”: check it is really an owner.</source>
        <translation>„%1“ kommt nie als Wert von „%2“ vor: Prüfen Sie, ob es wirklich ein Eigentümer ist.</translation>
    </message>
    <message>
        <source>an owner</source>
        <translation>ein Eigentümer</translation>
    </message>
    <message>
        <source>not an owner?</source>
        <translation>kein Eigentümer?</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::FallbackView</name>
    <message>
        <source>No rows in this period and these sources: no fallback attributed anything.</source>
        <translation>Keine Zeilen in diesem Zeitraum und diesen Quellen: Kein Fallback hat etwas zugeordnet.</translation>
    </message>
    <message>
        <source>F: spend that found an owner only through a fallback key. A fallback lowers U without making it more correct.</source>
        <translation>F: Ausgaben, die nur über einen Fallback-Schlüssel einen Eigentümer fanden. Ein Fallback senkt U, ohne es richtiger zu machen.</translation>
    </message>
    <message>
        <source>F by fallback key</source>
        <translation>F nach Fallback-Schlüssel</translation>
    </message>
    <message>
        <source>Fallback keys in detail</source>
        <translation>Fallback-Schlüssel im Detail</translation>
    </message>
    <message>
        <source>F by owner</source>
        <translation>F nach Eigentümer</translation>
    </message>
    <message>
        <source>Fallback values</source>
        <translation>Fallback-Werte</translation>
    </message>
    <message>
        <source>Label-key collisions</source>
        <translation>Label-Schlüssel-Kollisionen</translation>
    </message>
    <message>
        <source>No fallback keys are chosen: every owner comes from &lt;b&gt;%1&lt;/b&gt; itself, so F = 0. Click keys in the bar above to try fallbacks.</source>
        <translation>Keine Fallback-Schlüssel gewählt: Jeder Eigentümer stammt aus &lt;b&gt;%1&lt;/b&gt; selbst, also F = 0. Klicken Sie oben in der Leiste auf Schlüssel, um Fallbacks auszuprobieren.</translation>
    </message>
    <message>
        <source>&lt;b&gt;F = %1&lt;/b&gt; (%2 of spend) reached an owner only through a fallback; &lt;b&gt;%3&lt;/b&gt; of it went to values that never occur as a &lt;b&gt;%4&lt;/b&gt; — probably not owners.</source>
        <translation>&lt;b&gt;F = %1&lt;/b&gt; (%2 der Ausgaben) erreichte einen Eigentümer nur über einen Fallback; &lt;b&gt;%3&lt;/b&gt; davon ging an Werte, die nie als &lt;b&gt;%4&lt;/b&gt; vorkommen — vermutlich keine Eigentümer.</translation>
    </message>
    <message>
        <source>to owner-like values</source>
        <translation>an eigentümerähnliche Werte</translation>
    </message>
    <message>
        <source>to values never seen as owners</source>
        <translation>an Nicht-Eigentümer-Werte</translation>
    </message>
    <message>
        <source>No fallback keys chosen.</source>
        <translation>Keine Fallback-Schlüssel gewählt.</translation>
    </message>
    <message>
        <source>Hover a bar for its exact amount; click it to see the rows that fallback attributed.</source>
        <translation>Über einem Balken steht sein genauer Betrag; ein Klick zeigt die Zeilen, die dieser Fallback zugeordnet hat.</translation>
    </message>
    <message>
        <source>Show the rows attributed through %1</source>
        <translation>Zeilen zeigen, die über %1 zugeordnet wurden</translation>
    </message>
    <message>
        <source>to values also seen as owners</source>
        <translation>an Werte, die auch als Eigentümer vorkommen</translation>
    </message>
    <message>
        <source>Fallback %1. %2</source>
        <comment>position, key</comment>
        <translation>Fallback-Schlüssel %1. %2</translation>
    </message>
    <message>
        <source>%1 %2 · %3 of all spend</source>
        <comment>amount, what, share</comment>
        <translation>%1 %2 · %3 aller Ausgaben</translation>
    </message>
    <message numerus="yes">
        <source>Whole key: %1 · %2 · %3 · %n value(s)</source>
        <comment>amount, share, rows</comment>
        <translation>
            <numerusform>Ganzer Schlüssel: %1 · %2 · %3 · %n Wert</numerusform>
            <numerusform>Ganzer Schlüssel: %1 · %2 · %3 · %n Werte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 Zeile</numerusform>
            <numerusform>%1 Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to show the rows this key attributed in the Ledger.</source>
        <translation>Ein Klick zeigt im Hauptbuch die Zeilen, die dieser Schlüssel zugeordnet hat.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::FocusExport</name>
    <message>
        <source>Export FOCUS</source>
        <translation>FOCUS exportieren</translation>
    </message>
    <message>
        <source>Open a ledger first.</source>
        <translation>Öffnen Sie zuerst ein Ledger.</translation>
    </message>
    <message>
        <source>Export FOCUS 1.2 CSV</source>
        <translation>FOCUS 1.2 CSV exportieren</translation>
    </message>
    <message>
        <source>FOCUS CSV (*.csv)</source>
        <translation>FOCUS CSV (*.csv)</translation>
    </message>
    <message>
        <source>The FOCUS file was not written: %1</source>
        <translation>Die FOCUS-Datei wurde nicht geschrieben: %1</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ImportDialog</name>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Import into ledger</source>
        <translation>In das Hauptbuch importieren</translation>
    </message>
    <message>
        <source>Files to import (nothing is written until you press Import):</source>
        <translation>Zu importierende Dateien (nichts wird geschrieben, bevor Sie auf Importieren klicken):</translation>
    </message>
    <message>
        <source>Warnings, with their location:</source>
        <translation>Warnungen mit Fundstelle:</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>Lese %n Datei…</numerusform>
            <numerusform>Lese %n Dateien…</numerusform>
        </translation>
    </message>
    <message>
        <source>Preview cancelled.</source>
        <translation>Vorschau abgebrochen.</translation>
    </message>
    <message numerus="yes">
        <source>Ready to import %n file(s).</source>
        <translation>
            <numerusform>Bereit, %n Datei zu importieren.</numerusform>
            <numerusform>Bereit, %n Dateien zu importieren.</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing… (Cancel leaves the ledger unchanged)</source>
        <translation>Importiere… (Abbrechen lässt das Hauptbuch unverändert)</translation>
    </message>
    <message>
        <source>Import cancelled; the ledger is unchanged.</source>
        <translation>Import abgebrochen; das Hauptbuch ist unverändert.</translation>
    </message>
    <message>
        <source>Import failed; the ledger is unchanged.
%1</source>
        <translation>Import fehlgeschlagen; das Hauptbuch ist unverändert.
%1</translation>
    </message>
    <message>
        <source>&amp;Remove file</source>
        <translation>Datei &amp;entfernen</translation>
    </message>
    <message>
        <source>Take the selected file off the list; the others import without it</source>
        <translation>Die gewählte Datei aus der Liste nehmen; die übrigen werden ohne sie importiert</translation>
    </message>
    <message>
        <source>No files left to import.</source>
        <translation>Keine Dateien mehr zu importieren.</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 file(s) cannot be imported; fix or remove them.</source>
        <translation>
            <numerusform>%1 von %2 Datei kann nicht importiert werden; korrigieren oder entfernen.</numerusform>
            <numerusform>%1 von %2 Dateien können nicht importiert werden; korrigieren oder entfernen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 row(s) already in the ledger will be skipped as duplicates.</source>
        <translation>
            <numerusform>%1 von %2 Zeile ist bereits im Hauptbuch und wird als Duplikat übersprungen.</numerusform>
            <numerusform>%1 von %2 Zeilen sind bereits im Hauptbuch und werden als Duplikate übersprungen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ImportPreviewModel</name>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Detected format</source>
        <translation>Erkanntes Format</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Completeness</source>
        <translation>Vollständigkeit</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>not importable</source>
        <translation>nicht importierbar</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>PARTIAL: %1</source>
        <translation>UNVOLLSTÄNDIG: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n invoice(s)</source>
        <translation>
            <numerusform>%n Rechnung</numerusform>
            <numerusform>%n Rechnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>✗ cannot be imported (see Warnings)</source>
        <translation>✗ nicht importierbar (siehe Warnungen)</translation>
    </message>
    <message>
        <source>Already in ledger</source>
        <translation>Bereits im Hauptbuch</translation>
    </message>
    <message>
        <source>Rows whose record the ledger already holds: the import skips them</source>
        <translation>Zeilen, deren Datensatz das Hauptbuch bereits enthält: der Import überspringt sie</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::InvoiceDialog</name>
    <message>
        <source>Add Invoice</source>
        <translation>Rechnung hinzufügen</translation>
    </message>
    <message>
        <source>The cost source the invoice is reconciled with (openai, anthropic, …)</source>
        <translation>Die Kostenquelle, mit der die Rechnung abgestimmt wird (openai, anthropic, …)</translation>
    </message>
    <message>
        <source>optional, e.g. INV-2026-08-0042</source>
        <translation>optional, z. B. INV-2026-08-0042</translation>
    </message>
    <message>
        <source>The first day after the billing period, as in invoice files (August: 2026-08-01 to 2026-09-01)</source>
        <translation>Der erste Tag nach dem Abrechnungszeitraum, wie in Rechnungsdateien (August: 2026-08-01 bis 2026-09-01)</translation>
    </message>
    <message>
        <source>exact decimal, e.g. 4412.80</source>
        <translation>exakte Dezimalzahl, z. B. 4412.80</translation>
    </message>
    <message>
        <source>&amp;Add Invoice</source>
        <translation>Rechnung &amp;hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>&amp;Anbieter:</translation>
    </message>
    <message>
        <source>Invoice &amp;id:</source>
        <translation>Rechnungs&amp;nummer:</translation>
    </message>
    <message>
        <source>Period &amp;start:</source>
        <translation>Zeitraum&amp;beginn:</translation>
    </message>
    <message>
        <source>Period &amp;end (exclusive):</source>
        <translation>Zeitraum&amp;ende (ausschließlich):</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>&amp;Betrag:</translation>
    </message>
    <message>
        <source>&amp;Currency:</source>
        <translation>&amp;Währung:</translation>
    </message>
    <message>
        <source>Name the provider.</source>
        <translation>Nennen Sie den Anbieter.</translation>
    </message>
    <message>
        <source>Enter the amount.</source>
        <translation>Geben Sie den Betrag ein.</translation>
    </message>
    <message>
        <source>“%1” is not an exact decimal amount.</source>
        <translation>„%1“ ist kein exakter Dezimalbetrag.</translation>
    </message>
    <message>
        <source>“%1” is not an ISO 4217 currency.</source>
        <translation>„%1“ ist keine Währung nach ISO 4217.</translation>
    </message>
    <message>
        <source>The period ends before it starts.</source>
        <translation>Der Zeitraum endet, bevor er beginnt.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::LedgerTableModel</name>
    <message>
        <source>owner label</source>
        <translation>Eigentümer-Label</translation>
    </message>
    <message>
        <source>via %1</source>
        <translation>über %1</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>kein Eigentümer</translation>
    </message>
    <message>
        <source>Start (UTC)</source>
        <translation>Beginn (UTC)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Cost object</source>
        <translation>Kostenobjekt</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Währung</translation>
    </message>
    <message>
        <source>Resolved owner</source>
        <translation>Ermittelter Eigentümer</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Wie</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Importstapel</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>%1, alias of %2</source>
        <translation>%1, Alias von %2</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::LedgerView</name>
    <message>
        <source>No rows in this period and these sources</source>
        <translation>Keine Zeilen in diesem Zeitraum und diesen Quellen</translation>
    </message>
    <message>
        <source>No rows match the filter in this period and these sources</source>
        <translation>Keine Zeilen passen zum Filter in diesem Zeitraum und diesen Quellen</translation>
    </message>
    <message>
        <source>Ledger rows</source>
        <translation>Zeilen im Hauptbuch</translation>
    </message>
    <message>
        <source>Sorted and filtered in the ledger file; sort by start, source, cost object, amount or batch.</source>
        <translation>In der Hauptbuchdatei sortiert und gefiltert; sortierbar nach Beginn, Quelle, Kostenobjekt, Betrag oder Importstapel.</translation>
    </message>
    <message>
        <source>via %1</source>
        <translation>über %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln Zeile</numerusform>
            <numerusform>%Ln Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Counting rows…</source>
        <translation>Zeilen werden gezählt…</translation>
    </message>
    <message>
        <source>Cannot read the rows: %1</source>
        <translation>Die Zeilen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Filter: text, key=value, source:openai, amount&gt;100 (all must hold)…</source>
        <translation>Filter: Text, schlüssel=wert, source:openai, amount&gt;100 (alle müssen zutreffen)…</translation>
    </message>
    <message>
        <source>Filter the rows (%1). Terms, all of which must hold: any text (cost object, source or a label value contains it), key=value (a label), source:NAME, owner:NAME (the owner the current rules resolve; owner:&lt;unallocated&gt; for nobody&apos;s rows), via:KEY (owned through that key), batch:N, amount&gt;N, amount&gt;=N, amount&lt;N, amount&lt;=N; &quot;…&quot; quotes spaces.</source>
        <translation>Zeilen filtern (%1). Begriffe, die alle zutreffen müssen: beliebiger Text (Kostenobjekt, Quelle oder ein Label-Wert enthält ihn), schlüssel=wert (ein Label), source:NAME, owner:NAME (der Eigentümer nach den aktuellen Regeln; owner:&lt;unallocated&gt; für Zeilen ohne Eigentümer), via:SCHLÜSSEL (über diesen Schlüssel zugeordnet), batch:N, amount&gt;N, amount&gt;=N, amount&lt;N, amount&lt;=N; &quot;…&quot; fasst Leerzeichen ein.</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Spalten</translation>
    </message>
    <message>
        <source>Choose the columns the table shows</source>
        <translation>Die angezeigten Spalten der Tabelle wählen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) · total %1</source>
        <translation>
            <numerusform>%Ln Zeile · Summe %1</numerusform>
            <numerusform>%Ln Zeilen · Summe %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter not applied: %1</source>
        <translation>Filter nicht angewendet: %1</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MainWindow</name>
    <message>
        <source>%1 shows nothing named “%2” for this analysis</source>
        <translation>%1 zeigt für diese Analyse nichts namens „%2“</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>&amp;FOCUS 1.2 CSV…</source>
        <translation>&amp;FOCUS 1.2 CSV…</translation>
    </message>
    <message>
        <source>Cannot read the ledger</source>
        <translation>Das Hauptbuch kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot open the ledger</source>
        <translation>Das Hauptbuch kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>demo</source>
        <translation>Demo</translation>
    </message>
    <message numerus="yes">
        <source>%n invoice batch(es)</source>
        <translation>
            <numerusform>%n Rechnungsimport</numerusform>
            <numerusform>%n Rechnungsimporte</numerusform>
        </translation>
    </message>
    <message>
        <source>invoices</source>
        <translation>Rechnungen</translation>
    </message>
    <message>
        <source>every batch complete</source>
        <translation>alle Importe vollständig</translation>
    </message>
    <message>
        <source>partial data from %1</source>
        <translation>unvollständige Daten von %1</translation>
    </message>
    <message>
        <source>computed in %1 ms</source>
        <translation>berechnet in %1 ms</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>wird berechnet…</translation>
    </message>
    <message>
        <source>no ledger</source>
        <translation>kein Hauptbuch</translation>
    </message>
    <message>
        <source>%1 — unalloc explorer</source>
        <translation>%1 — unalloc explorer</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New Ledger…</source>
        <translation>&amp;Neues Hauptbuch…</translation>
    </message>
    <message>
        <source>&amp;Open Ledger…</source>
        <translation>Hauptbuch ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Open &amp;Demo Ledger</source>
        <translation>&amp;Demo-Hauptbuch öffnen</translation>
    </message>
    <message>
        <source>&amp;Import Files…</source>
        <translation>Dateien &amp;importieren…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Copy &amp;Command Line</source>
        <translation>&amp;Befehlszeile kopieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Choose &amp;Owner Key</source>
        <translation>&amp;Eigentümer-Schlüssel wählen</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>E&amp;instellungen…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>What are &amp;U and F?</source>
        <translation>Was sind &amp;U und F?</translation>
    </message>
    <message>
        <source>U and F</source>
        <translation>U und F</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;U (unallocated)&lt;/b&gt; is the share of spend whose rows carry neither the owner key nor any fallback key: money nobody will be charged for.&lt;/p&gt;&lt;p&gt;&lt;b&gt;F (via fallback)&lt;/b&gt; is the spend that found an owner only through a fallback key. A fallback makes U smaller without making it more correct: check that the values it finds really are owners (the Fallback exposure view flags the ones that never occur as owner values).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;U (nicht zugeordnet)&lt;/b&gt; ist der Anteil der Ausgaben, deren Zeilen weder den Eigentümer-Schlüssel noch einen Fallback-Schlüssel tragen: Geld, das niemandem belastet wird.&lt;/p&gt;&lt;p&gt;&lt;b&gt;F (über Fallback)&lt;/b&gt; sind die Ausgaben, die nur über einen Fallback-Schlüssel einen Eigentümer fanden. Ein Fallback macht U kleiner, ohne es richtiger zu machen: Prüfen Sie, ob die gefundenen Werte wirklich Eigentümer sind (die Ansicht Fallback-Risiko markiert die, die nie als Eigentümer-Wert vorkommen).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;About unalloc explorer</source>
        <translation>Ü&amp;ber unalloc explorer</translation>
    </message>
    <message>
        <source>About unalloc explorer</source>
        <translation>Über unalloc explorer</translation>
    </message>
    <message>
        <source>&lt;b&gt;unalloc explorer&lt;/b&gt; %1&lt;p&gt;Who owns this month&apos;s AI spend?&lt;/p&gt;</source>
        <translation>&lt;b&gt;unalloc explorer&lt;/b&gt; %1&lt;p&gt;Wem gehören die KI-Ausgaben dieses Monats?&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Ledger</source>
        <translation>Hauptbuch öffnen</translation>
    </message>
    <message>
        <source>unalloc ledgers (*.unalloc)</source>
        <translation>unalloc-Hauptbücher (*.unalloc)</translation>
    </message>
    <message>
        <source>New Ledger</source>
        <translation>Neues Hauptbuch</translation>
    </message>
    <message>
        <source>Import Files</source>
        <translation>Dateien importieren</translation>
    </message>
    <message>
        <source>Cost exports (*.json *.csv);;All files (*)</source>
        <translation>Kostenexporte (*.json *.csv);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>; %n duplicate row(s) already in the ledger were skipped</source>
        <translation>
            <numerusform>; %n bereits im Ledger vorhandene Zeile übersprungen</numerusform>
            <numerusform>; %n bereits im Ledger vorhandene Zeilen übersprungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n invoice(s)</source>
        <translation>
            <numerusform>; %n Rechnung</numerusform>
            <numerusform>; %n Rechnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Pull from APIs…</source>
        <translation>Von &amp;APIs abrufen…</translation>
    </message>
    <message>
        <source>Imported %1 in %2</source>
        <comment>new rows, batches</comment>
        <translation>%1 in %2 importiert</translation>
    </message>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 neue Zeile</numerusform>
            <numerusform>%1 neue Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es)</source>
        <translation>
            <numerusform>%n Importstapel</numerusform>
            <numerusform>%n Importstapeln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 Zeile</numerusform>
            <numerusform>%1 Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cost batch(es)</source>
        <translation>
            <numerusform>%n Kostenstapel</numerusform>
            <numerusform>%n Kostenstapel</numerusform>
        </translation>
    </message>
    <message>
        <source>The ledger is still loading; try again in a moment.</source>
        <translation>Das Hauptbuch wird noch geladen; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Added the invoice as batch %1 (Reconciliation lists it; delete it there)</source>
        <translation>Rechnung als Importstapel %1 hinzugefügt (die Abstimmung führt ihn auf; dort löschen)</translation>
    </message>
    <message>
        <source>Export &amp;Chargeback Pack…</source>
        <translation>&amp;Chargeback-Paket exportieren…</translation>
    </message>
    <message>
        <source>Import Saved &amp;View…</source>
        <translation>Gespeicherte &amp;Ansicht importieren…</translation>
    </message>
    <message>
        <source>&amp;Save View…</source>
        <translation>Ansicht &amp;speichern…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>&amp;Ledger</source>
        <translation>&amp;Hauptbuch</translation>
    </message>
    <message>
        <source>&amp;Value Aliases…</source>
        <translation>&amp;Wert-Aliasse…</translation>
    </message>
    <message>
        <source>Add &amp;Invoice…</source>
        <translation>&amp;Rechnung hinzufügen…</translation>
    </message>
    <message>
        <source>Pulled %1 (%2) from %3</source>
        <comment>new rows, amounts, sources</comment>
        <translation>%1 (%2) aus %3 abgerufen</translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n Quelle</numerusform>
            <numerusform>%n Quellen</numerusform>
        </translation>
    </message>
    <message>
        <source>The last ledger %1 no longer exists or cannot be opened: showing the demo instead</source>
        <translation>Das zuletzt geöffnete Hauptbuch %1 existiert nicht mehr oder lässt sich nicht öffnen: stattdessen wird die Demo gezeigt</translation>
    </message>
    <message>
        <source>Restored the last analysis of this ledger; %1</source>
        <translation>Letzte Analyse dieses Hauptbuchs wiederhergestellt; %1</translation>
    </message>
    <message>
        <source>no row of this ledger carries %1</source>
        <translation>keine Zeile dieses Hauptbuchs trägt %1</translation>
    </message>
    <message>
        <source>the ledger has no rows in its currency</source>
        <translation>das Hauptbuch hat keine Zeilen in ihrer Währung</translation>
    </message>
    <message>
        <source>its period holds none of the ledger&apos;s days</source>
        <translation>ihr Zeitraum enthält keinen Tag des Hauptbuchs</translation>
    </message>
    <message>
        <source>Ledger filter: %1</source>
        <translation>Hauptbuch-Filter: %1</translation>
    </message>
    <message>
        <source>Saved the view “%1”</source>
        <translation>Ansicht „%1“ gespeichert</translation>
    </message>
    <message>
        <source>Apply view “%1”</source>
        <translation>Ansicht „%1“ anwenden</translation>
    </message>
    <message>
        <source>View “%1”: %2</source>
        <translation>Ansicht „%1“: %2</translation>
    </message>
    <message>
        <source>Imported the view “%1” (it replaces the one of that name)</source>
        <translation>Ansicht „%1“ importiert (sie ersetzt die gleichnamige)</translation>
    </message>
    <message>
        <source>Imported the view “%1”</source>
        <translation>Ansicht „%1“ importiert</translation>
    </message>
    <message>
        <source>Save View</source>
        <translation>Ansicht speichern</translation>
    </message>
    <message>
        <source>Name of the view (owner key, fallbacks, de-duplication, currency, period, view and ledger filter):</source>
        <translation>Name der Ansicht (Eigentümer-Schlüssel, Fallbacks, Deduplizierung, Währung, Zeitraum, Ansicht und Hauptbuch-Filter):</translation>
    </message>
    <message>
        <source>A view named “%1” exists. Replace it?</source>
        <translation>Eine Ansicht namens „%1“ existiert bereits. Ersetzen?</translation>
    </message>
    <message>
        <source>Import Saved View</source>
        <translation>Gespeicherte Ansicht importieren</translation>
    </message>
    <message>
        <source>Saved views (*.json);;All files (*)</source>
        <translation>Gespeicherte Ansichten (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot import the view</source>
        <translation>Die Ansicht lässt sich nicht importieren</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Anwenden</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Umbenennen…</translation>
    </message>
    <message>
        <source>Rename View</source>
        <translation>Ansicht umbenennen</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Neuer Name:</translation>
    </message>
    <message>
        <source>Cannot rename the view</source>
        <translation>Die Ansicht lässt sich nicht umbenennen</translation>
    </message>
    <message>
        <source>The name is empty or another view has it.</source>
        <translation>Der Name ist leer oder gehört schon einer anderen Ansicht.</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Export Saved View</source>
        <translation>Gespeicherte Ansicht exportieren</translation>
    </message>
    <message>
        <source>Saved views (*.json)</source>
        <translation>Gespeicherte Ansichten (*.json)</translation>
    </message>
    <message>
        <source>Cannot export the view</source>
        <translation>Die Ansicht lässt sich nicht exportieren</translation>
    </message>
    <message>
        <source>Exported the view to %1</source>
        <translation>Ansicht nach %1 exportiert</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MeterShareModel</name>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>List price</source>
        <translation>Listenpreis</translation>
    </message>
    <message>
        <source>Time share</source>
        <translation>Zeitanteil</translation>
    </message>
    <message>
        <source>KV memory</source>
        <translation>KV-Speicher</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>KV blocks</source>
        <translation>KV-Blöcke</translation>
    </message>
    <message>
        <source>Blended</source>
        <translation>Gemischt</translation>
    </message>
    <message>
        <source>Shapley</source>
        <translation>Shapley</translation>
    </message>
    <message>
        <source>Tenant</source>
        <translation>Mandant</translation>
    </message>
    <message>
        <source>%1 $/month</source>
        <translation>%1 $/Monat</translation>
    </message>
    <message>
        <source>Gap (pts)</source>
        <translation>Abstand (Pkt.)</translation>
    </message>
    <message>
        <source>Gap $/month</source>
        <translation>Abstand $/Monat</translation>
    </message>
    <message>
        <source>Share of prompt + output tokens.</source>
        <translation>Anteil an Prompt- und Ausgabe-Tokens.</translation>
    </message>
    <message>
        <source>Share of list-price tokens: uncached input ×1, cached ×0.1, output ×4 (weights from the ledger&apos;s rules).</source>
        <translation>Anteil an Listenpreis-Tokens: Eingabe ohne Cache ×1, aus dem Cache ×0,1, Ausgabe ×4 (Gewichte aus den Regeln des Hauptbuchs).</translation>
    </message>
    <message>
        <source>Share of 50 ms ticks, each split equally among the requests in flight; idle ticks are overhead.</source>
        <translation>Anteil an 50-ms-Takten, jeder zu gleichen Teilen auf die laufenden Anfragen verteilt; Leerlauftakte sind Gemeinkosten.</translation>
    </message>
    <message>
        <source>Share of KV token-seconds: prompt × queueing + (prompt + output/2) × decoding time.</source>
        <translation>Anteil an KV-Token-Sekunden: Prompt × Wartezeit + (Prompt + Ausgabe/2) × Dekodierzeit.</translation>
    </message>
    <message>
        <source>%1 minus %2, in points of share with the overhead spread in proportion.</source>
        <translation>%1 minus %2, in Anteilspunkten bei anteilig verteilten Gemeinkosten.</translation>
    </message>
    <message>
        <source>What the gap is worth each month: points / 100 × the pod&apos;s monthly cost.</source>
        <translation>Was der Abstand pro Monat wert ist: Punkte / 100 × Monatskosten des Pods.</translation>
    </message>
    <message>
        <source>Overhead (no tenant)</source>
        <translation>Gemeinkosten (kein Mandant)</translation>
    </message>
    <message>
        <source>&lt;unlabeled&gt;</source>
        <translation>&lt;ohne Label&gt;</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MeterSplitBanner</name>
    <message numerus="yes">
        <source>Meter split: %1 (%2) is split by %3 into %4 row(s) — applied %5.</source>
        <translation>
            <numerusform>Zähleraufteilung: %1 (%2) ist nach %3 in %4 Zeile aufgeteilt — angewendet %5.</numerusform>
            <numerusform>Zähleraufteilung: %1 (%2) ist nach %3 in %4 Zeilen aufgeteilt — angewendet %5.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MeterSweepModel</name>
    <message>
        <source>Rate (req/s)</source>
        <translation>Rate (Anfr./s)</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>KV blocks</source>
        <translation>KV-Blöcke</translation>
    </message>
    <message>
        <source>Time share</source>
        <translation>Zeitanteil</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>Ausgelastet</translation>
    </message>
    <message>
        <source>Cache hits</source>
        <translation>Cache-Treffer</translation>
    </message>
    <message>
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <source>Idle engine time: the overhead the step-time meter leaves unowned.</source>
        <translation>Leerlaufzeit der Engine: die Gemeinkosten, die der Schrittzeit-Zähler keinem zuordnet.</translation>
    </message>
    <message>
        <source>KV block-seconds no request holds (free or cache reserve).</source>
        <translation>KV-Block-Sekunden, die keine Anfrage belegt (frei oder Cache-Reserve).</translation>
    </message>
    <message>
        <source>Idle 50 ms ticks of the simulated telemetry.</source>
        <translation>Leerlauf-Takte (50 ms) der simulierten Telemetrie.</translation>
    </message>
    <message>
        <source>Token meters see no overhead at any load.</source>
        <translation>Token-Zähler sehen bei keiner Last Gemeinkosten.</translation>
    </message>
    <message>
        <source>Fraction of the run the engine was stepping.</source>
        <translation>Anteil der Laufzeit, in der die Engine arbeitete.</translation>
    </message>
    <message>
        <source>Prompt tokens served from the prefix cache.</source>
        <translation>Prompt-Tokens, die aus dem Präfix-Cache kamen.</translation>
    </message>
    <message>
        <source>Median time to first token over all requests.</source>
        <translation>Median der Zeit bis zum ersten Token über alle Anfragen.</translation>
    </message>
    <message>
        <source>&#xa0;ms</source>
        <translation>&#xa0;ms</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::MeterView</name>
    <message>
        <source>Apply to ledger</source>
        <translation>Im Hauptbuch anwenden</translation>
    </message>
    <message>
        <source>Pod cost per month</source>
        <translation>Pod-Kosten pro Monat</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>Largest gap between meters</source>
        <translation>Größter Abstand zwischen Zählern</translation>
    </message>
    <message>
        <source>Applied meter</source>
        <translation>Angewandter Zähler</translation>
    </message>
    <message>
        <source>Keep as its own row</source>
        <translation>Als eigene Zeile behalten</translation>
    </message>
    <message>
        <source>Redistribute to tenants</source>
        <translation>Auf Mandanten verteilen</translation>
    </message>
    <message>
        <source>Idle GPU time and unused KV memory belong to no tenant: keep them as an unowned overhead row, or spread them in proportion.</source>
        <translation>Leerlaufzeit der GPU und ungenutzter KV-Speicher gehören keinem Mandanten: als Gemeinkostenzeile ohne Eigentümer behalten oder anteilig verteilen.</translation>
    </message>
    <message>
        <source>Write this meter&apos;s split into the ledger in place of the pod row (the original is kept for audit; Edit ▸ Undo removes it).</source>
        <translation>Die Aufteilung dieses Zählers anstelle der Pod-Zeile ins Hauptbuch schreiben (das Original bleibt für die Prüfung erhalten; Bearbeiten ▸ Rückgängig entfernt sie).</translation>
    </message>
    <message>
        <source>Simulating the load sweep…</source>
        <translation>Lastreihe wird simuliert…</translation>
    </message>
    <message>
        <source>Share of the pod by tenant under each meter</source>
        <translation>Anteil am Pod je Mandant unter jedem Zähler</translation>
    </message>
    <message>
        <source>Load sweep: overhead each meter sees</source>
        <translation>Lastreihe: Gemeinkosten, die jeder Zähler sieht</translation>
    </message>
    <message>
        <source>Shares, dollars per month and gaps</source>
        <translation>Anteile, Dollar pro Monat und Abstände</translation>
    </message>
    <message>
        <source>Load sweep</source>
        <translation>Lastreihe</translation>
    </message>
    <message>
        <source>Pod:</source>
        <translation>Pod:</translation>
    </message>
    <message>
        <source>Overhead:</source>
        <translation>Gemeinkosten:</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleiche</translation>
    </message>
    <message>
        <source>with</source>
        <translation>mit</translation>
    </message>
    <message>
        <source>Meter to apply:</source>
        <translation>Anzuwendender Zähler:</translation>
    </message>
    <message>
        <source> · split by %1</source>
        <translation> · aufgeteilt nach %1</translation>
    </message>
    <message>
        <source>Cannot list the pods: %1</source>
        <translation>Die Pods können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>Cannot compute the meters: %1</source>
        <translation>Die Zähler können nicht berechnet werden: %1</translation>
    </message>
    <message>
        <source>This pod is already split by %1; undo that first.</source>
        <translation>Dieser Pod ist bereits nach %1 aufgeteilt; machen Sie das zuerst rückgängig.</translation>
    </message>
    <message>
        <source>There is no pod with meters to apply.</source>
        <translation>Es gibt keinen Pod mit anwendbaren Zählern.</translation>
    </message>
    <message>
        <source>Apply %1 to %2</source>
        <translation>%1 auf %2 anwenden</translation>
    </message>
    <message>
        <source>Cannot write the meter split: %1</source>
        <translation>Die Zähleraufteilung kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Gemeinkosten</translation>
    </message>
    <message>
        <source>&lt;unlabeled&gt;</source>
        <translation>&lt;ohne Label&gt;</translation>
    </message>
    <message>
        <source>share of the pod</source>
        <translation>Anteil am Pod</translation>
    </message>
    <message>
        <source>No pod with request telemetry.</source>
        <translation>Kein Pod mit Anfrage-Telemetrie.</translation>
    </message>
    <message>
        <source>request rate (req/s)</source>
        <translation>Anfragerate (Anfr./s)</translation>
    </message>
    <message>
        <source>%1 · %2 in the ledger</source>
        <translation>%1 · %2 im Hauptbuch</translation>
    </message>
    <message>
        <source> · %1 without first-token time skipped</source>
        <translation> · %1 ohne Zeit bis zum ersten Token übersprungen</translation>
    </message>
    <message>
        <source>%1 pts</source>
        <translation>%1 Pkt.</translation>
    </message>
    <message>
        <source>%1: %2 vs %3, %4 a month</source>
        <translation>%1: %2 gegen %3, %4 pro Monat</translation>
    </message>
    <message>
        <source>choose two meters</source>
        <translation>zwei Zähler wählen</translation>
    </message>
    <message>
        <source>split #%1 replaces the pod row in reports</source>
        <translation>Aufteilung Nr. %1 ersetzt die Pod-Zeile in Berichten</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>reports show the unsplit pod</source>
        <translation>Berichte zeigen den unaufgeteilten Pod</translation>
    </message>
    <message>
        <source>Looking for shared inference pods…</source>
        <translation>Gemeinsame Inferenz-Pods werden gesucht…</translation>
    </message>
    <message>
        <source>Reading the request telemetry of %1…</source>
        <translation>Anfrage-Telemetrie von %1 wird gelesen…</translation>
    </message>
    <message>
        <source>%1 — %2 · %3</source>
        <comment>pod, cost, requests</comment>
        <translation>%1 — %2 · %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln Anfrage</numerusform>
            <numerusform>%Ln Anfragen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;No shared inference pods in this ledger.&lt;/b&gt;&lt;br&gt;Meters need OpenCost rows with request telemetry: import the OpenCost allocation of the inference pod (a workload with a model, e.g. &lt;code&gt;modelName&lt;/code&gt;) and the gateway&apos;s LiteLLM spend logs (with first-token times) for the same window, with File ▸ Import… or &lt;code&gt;unalloc import&lt;/code&gt;. Provider bill lines (Anthropic, OpenAI) are not pods.</source>
        <translation>&lt;b&gt;Keine gemeinsamen Inferenz-Pods in diesem Hauptbuch.&lt;/b&gt;&lt;br&gt;Zähler brauchen OpenCost-Zeilen mit Anfrage-Telemetrie: Importieren Sie die OpenCost-Allokation des Inferenz-Pods (ein Workload mit Modell, z. B. &lt;code&gt;modelName&lt;/code&gt;) und die LiteLLM-Ausgabenprotokolle des Gateways (mit Zeitpunkten des ersten Tokens) für dasselbe Zeitfenster, mit Datei ▸ Importieren… oder &lt;code&gt;unalloc import&lt;/code&gt;. Rechnungszeilen von Anbietern (Anthropic, OpenAI) sind keine Pods.</translation>
    </message>
    <message>
        <source>Simulated vLLM-style server running this pod&apos;s measured traffic mix (%1 from %2: %3), %4 s per rate</source>
        <translation>Simulierter Server im vLLM-Stil mit dem gemessenen Verkehrsmix dieses Pods (%1 von %2: %3), %4 s pro Rate</translation>
    </message>
    <message>
        <source>This ledger has no request telemetry for the pod: the sweep shows the studies&apos; reference tenants (search, agents, platform, sandbox), not this pod&apos;s traffic. %1 s per rate.</source>
        <translation>Dieses Hauptbuch hat keine Anfrage-Telemetrie für den Pod: Der Lastverlauf zeigt die Referenz-Mandanten der Studien (search, agents, platform, sandbox), nicht den Verkehr dieses Pods. %1 s pro Rate.</translation>
    </message>
    <message numerus="yes">
        <source>%1 tenant(s) by %2</source>
        <translation>
            <numerusform>%1 Mandant nach %2</numerusform>
            <numerusform>%1 Mandanten nach %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → %2=%3</source>
        <translation>%1 → %2=%3</translation>
    </message>
    <message>
        <source>%1 → overhead, no tenant (stays unallocated)</source>
        <translation>%1 → Gemeinkosten, kein Mandant (bleibt nicht zugeordnet)</translation>
    </message>
    <message>
        <source>%1 → requests without a %2 label (stay unallocated)</source>
        <translation>%1 → Anfragen ohne Label %2 (bleiben nicht zugeordnet)</translation>
    </message>
    <message>
        <source>Apply meter to ledger</source>
        <translation>Zähler auf das Hauptbuch anwenden</translation>
    </message>
    <message>
        <source>Split pod %1 (%2, row #%3) by %4?</source>
        <translation>Pod %1 (%2, Zeile Nr. %3) nach %4 aufteilen?</translation>
    </message>
    <message numerus="yes">
        <source>The pod row is replaced in every report by %n row(s):</source>
        <translation>
            <numerusform>Die Pod-Zeile wird in jedem Bericht durch %n Zeile ersetzt:</numerusform>
            <numerusform>Die Pod-Zeile wird in jedem Bericht durch %n Zeilen ersetzt:</numerusform>
        </translation>
    </message>
    <message>
        <source>The original row is kept for audit; Edit ▸ Undo removes the split.</source>
        <translation>Die ursprüngliche Zeile bleibt zur Prüfung erhalten; Bearbeiten ▸ Rückgängig entfernt die Aufteilung.</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>idle GPU time</source>
        <translation>Leerlaufzeit der GPU</translation>
    </message>
    <message>
        <source>KV blocks</source>
        <translation>KV-Blöcke</translation>
    </message>
    <message>
        <source>KV memory no request holds</source>
        <translation>KV-Speicher, den keine Anfrage belegt</translation>
    </message>
    <message>
        <source>Time share</source>
        <translation>Zeitanteil</translation>
    </message>
    <message>
        <source>idle ticks</source>
        <translation>Leerlauf-Ticks</translation>
    </message>
    <message>
        <source>Tokens, list price</source>
        <translation>Tokens, Listenpreis</translation>
    </message>
    <message>
        <source>none: every token has a tenant</source>
        <translation>keine: jedes Token hat einen Mandanten</translation>
    </message>
    <message>
        <source>Wheel: zoom around the mouse · double click: whole sweep</source>
        <translation>Mausrad: um den Mauszeiger zoomen · Doppelklick: ganze Lastreihe</translation>
    </message>
    <message>
        <source>%1 · %2
%3 of the pod · %4 a month
%5 of %6 in the ledger</source>
        <translation>%1 · %2
%3 des Pods · %4 pro Monat
%5 von %6 im Hauptbuch</translation>
    </message>
    <message>
        <source>Click to show the pod row</source>
        <translation>Klicken zeigt die Pod-Zeile</translation>
    </message>
    <message>
        <source>Click to show the rows of %1</source>
        <translation>Klicken zeigt die Zeilen von %1</translation>
    </message>
    <message>
        <source>Show the pod row of %1</source>
        <translation>Pod-Zeile von %1 zeigen</translation>
    </message>
    <message>
        <source>Show the rows of %1</source>
        <translation>Zeilen von %1 zeigen</translation>
    </message>
    <message>
        <source>Tenants by %1; idle GPU time and unused KV memory kept as overhead (pale bars). Click a tenant&apos;s bar for its rows.</source>
        <translation>Mandanten nach %1; Leerlaufzeit der GPU und ungenutzter KV-Speicher als Gemeinkosten behalten (blasse Balken). Ein Klick auf den Balken eines Mandanten zeigt seine Zeilen.</translation>
    </message>
    <message>
        <source>Tenants by %1; overhead redistributed in proportion to direct shares. Click a tenant&apos;s bar for its rows.</source>
        <translation>Mandanten nach %1; Gemeinkosten anteilig zu den direkten Anteilen verteilt. Ein Klick auf den Balken eines Mandanten zeigt seine Zeilen.</translation>
    </message>
    <message>
        <source>%1 at %2 req/s: %3 of the bill is overhead (%4)</source>
        <translation>%1 bei %2 Anfr./s: %3 der Rechnung sind Gemeinkosten (%4)</translation>
    </message>
    <message>
        <source>% of the bill</source>
        <translation>% der Rechnung</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::OverlapModel</name>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Ab</translation>
    </message>
    <message>
        <source>Bill period</source>
        <translation>Rechnungszeitraum</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Gateway</translation>
    </message>
    <message>
        <source>Bill</source>
        <translation>Rechnung</translation>
    </message>
    <message>
        <source>Overlap (counted twice)</source>
        <translation>Überschneidung (doppelt gezählt)</translation>
    </message>
    <message>
        <source>Residual (bypass)</source>
        <translation>Rest (Umgehung)</translation>
    </message>
    <message>
        <source>Excess</source>
        <translation>Überschuss</translation>
    </message>
    <message>
        <source>Gateway rows</source>
        <translation>Gateway-Zeilen</translation>
    </message>
    <message>
        <source>Bill rows</source>
        <translation>Rechnungszeilen</translation>
    </message>
    <message>
        <source>The bill line&apos;s own period: gateway rows of every day in it are matched against it</source>
        <translation>Der eigene Zeitraum der Rechnungszeile: Gateway-Zeilen jedes Tages darin werden mit ihr abgeglichen</translation>
    </message>
    <message>
        <source>Matched on the model when both sides name one in the period; otherwise on provider and period only</source>
        <translation>Abgeglichen über das Modell, wenn beide Seiten im Zeitraum eines nennen; sonst nur über Anbieter und Zeitraum</translation>
    </message>
    <message>
        <source>min(gateway, bill): dollars both ledgers hold</source>
        <translation>min(Gateway, Rechnung): Beträge, die beide Seiten enthalten</translation>
    </message>
    <message>
        <source>Bill − overlap: spend that went around the gateway</source>
        <translation>Rechnung − Überschneidung: Ausgaben am Gateway vorbei</translation>
    </message>
    <message>
        <source>Gateway − overlap: the gateway&apos;s estimate above the bill</source>
        <translation>Gateway − Überschneidung: Schätzung des Gateways über der Rechnung</translation>
    </message>
    <message>
        <source>(any model)</source>
        <translation>(beliebiges Modell)</translation>
    </message>
    <message>
        <source>daily</source>
        <translation>täglich</translation>
    </message>
    <message>
        <source>weekly</source>
        <translation>wöchentlich</translation>
    </message>
    <message>
        <source>monthly</source>
        <translation>monatlich</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n Tag</numerusform>
            <numerusform>%n Tage</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::OverviewView</name>
    <message>
        <source>Show the rows that carry %1</source>
        <translation>Die Zeilen mit %1 zeigen</translation>
    </message>
    <message>
        <source>Show the rows owned through a fallback</source>
        <translation>Die über einen Fallback zugeordneten Zeilen zeigen</translation>
    </message>
    <message>
        <source>Show the rows nobody owns</source>
        <translation>Die Zeilen ohne Eigentümer zeigen</translation>
    </message>
    <message>
        <source>within target %1</source>
        <translation>im Ziel %1</translation>
    </message>
    <message>
        <source>over target %1</source>
        <translation>über Ziel %1</translation>
    </message>
    <message>
        <source>critical (≥ %1)</source>
        <translation>kritisch (≥ %1)</translation>
    </message>
    <message>
        <source>Unallocated (U)</source>
        <translation>Nicht zugeordnet (U)</translation>
    </message>
    <message>
        <source>Total spend</source>
        <translation>Gesamtausgaben</translation>
    </message>
    <message>
        <source>Via fallback only (F)</source>
        <translation>Nur über Fallback (F)</translation>
    </message>
    <message>
        <source>Owners</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>U: the share of spend whose rows carry neither the owner key nor any fallback key — money nobody will be charged for.</source>
        <translation>U: der Anteil der Ausgaben, deren Zeilen weder den Eigentümer-Schlüssel noch einen Fallback-Schlüssel tragen — Geld, das niemandem belastet wird.</translation>
    </message>
    <message>
        <source>F: spend that found an owner only through a fallback key. A fallback makes U smaller without making it more correct — check these values really are owners.</source>
        <translation>F: Ausgaben, die nur über einen Fallback-Schlüssel einen Eigentümer fanden. Ein Fallback macht U kleiner, ohne es richtiger zu machen — prüfen Sie, ob diese Werte wirklich Eigentümer sind.</translation>
    </message>
    <message>
        <source>Distinct owner values in the period, with the three largest.</source>
        <translation>Verschiedene Eigentümer-Werte im Zeitraum, mit den drei größten.</translation>
    </message>
    <message>
        <source>Spend by owner</source>
        <translation>Ausgaben nach Eigentümer</translation>
    </message>
    <message>
        <source>How rows resolved</source>
        <translation>Wie Zeilen zugeordnet wurden</translation>
    </message>
    <message>
        <source>Cannot attribute this slice: %1</source>
        <translation>Dieser Ausschnitt kann nicht zugeordnet werden: %1</translation>
    </message>
    <message>
        <source>%1 has no %2</source>
        <translation>%1 ohne %2</translation>
    </message>
    <message>
        <source>no fallbacks chosen</source>
        <translation>keine Fallbacks gewählt</translation>
    </message>
    <message>
        <source>%1 — check these are owners</source>
        <translation>%1 — prüfen, ob das Eigentümer sind</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>largest: %1</source>
        <translation>größte: %1</translation>
    </message>
    <message numerus="yes">
        <source>+ %n smaller owner(s)</source>
        <translation>
            <numerusform>+ %n kleinerer Eigentümer</numerusform>
            <numerusform>+ %n kleinere Eigentümer</numerusform>
        </translation>
    </message>
    <message>
        <source>no owner (hatched)</source>
        <translation>kein Eigentümer (schraffiert)</translation>
    </message>
    <message>
        <source>No rows in this period and these sources.</source>
        <translation>Keine Zeilen in diesem Zeitraum und diesen Quellen.</translation>
    </message>
    <message>
        <source>Spend by %1, stacked by source</source>
        <translation>Ausgaben nach %1, gestapelt nach Quelle</translation>
    </message>
    <message>
        <source>Owner label</source>
        <translation>Eigentümer-Label</translation>
    </message>
    <message>
        <source>rows carrying %1 directly</source>
        <translation>Zeilen, die %1 direkt tragen</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Fallback</translation>
    </message>
    <message>
        <source>add a fallback key in the bar above to try one</source>
        <translation>oben in der Leiste einen Fallback wählen</translation>
    </message>
    <message>
        <source>rows matched by %1</source>
        <translation>Zeilen, zugeordnet über %1</translation>
    </message>
    <message>
        <source>No owner</source>
        <translation>Kein Eigentümer</translation>
    </message>
    <message>
        <source>rows with none of the keys: the labeling backlog</source>
        <translation>Zeilen ohne jeden der Schlüssel: der Label-Rückstand</translation>
    </message>
    <message>
        <source>This ledger is empty. Import export files with File → Import Files… (Ctrl+I) or drop them on the window.</source>
        <translation>Dieses Ledger ist leer. Exportdateien mit Datei → Dateien importieren… (Strg+I) importieren oder auf das Fenster ziehen.</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <comment>rows, sources</comment>
        <translation>%1 aus %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 Zeile</numerusform>
            <numerusform>%1 Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n Quelle</numerusform>
            <numerusform>%n Quellen</numerusform>
        </translation>
    </message>
    <message>
        <source>empty ledger: File → Import Files…</source>
        <translation>leeres Hauptbuch: Datei → Dateien importieren…</translation>
    </message>
    <message>
        <source>no rows in this period and these sources</source>
        <translation>keine Zeilen in diesem Zeitraum und diesen Quellen</translation>
    </message>
    <message>
        <source>Hover a bar for its exact amount; click it to see its rows; click a legend entry to hide or show that source.</source>
        <translation>Über einem Balken steht sein genauer Betrag; ein Klick zeigt seine Zeilen; ein Klick in die Legende blendet eine Quelle aus oder ein.</translation>
    </message>
    <message>
        <source>Hover a part for its amount and rows; click it to see those rows in the Ledger; click a legend entry to hide or show it.</source>
        <translation>Über einem Teil stehen Betrag und Zeilen; ein Klick zeigt diese Zeilen im Hauptbuch; ein Klick in die Legende blendet ihn aus oder ein.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>owner, source</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 · %2 of all spend · %3</source>
        <comment>amount, share, rows</comment>
        <translation>%1 · %2 aller Ausgaben · %3</translation>
    </message>
    <message>
        <source>Whole bar: %1 · %2 · %3</source>
        <comment>amount, share, rows</comment>
        <translation>Ganzer Balken: %1 · %2 · %3</translation>
    </message>
    <message>
        <source>Click to show these rows in the Ledger.</source>
        <translation>Ein Klick zeigt diese Zeilen im Hauptbuch.</translation>
    </message>
    <message>
        <source>Click to see what is unallocated in this source.</source>
        <translation>Ein Klick zeigt, was in dieser Quelle nicht zugeordnet ist.</translation>
    </message>
    <message>
        <source>The Owners table below lists each of them.</source>
        <translation>Die Eigentümer-Tabelle unten listet jeden einzeln.</translation>
    </message>
    <message>
        <source>Show the rows of %1 from %2</source>
        <comment>owner, source</comment>
        <translation>Zeilen von %1 aus %2 zeigen</translation>
    </message>
    <message>
        <source>Show what is unallocated in %1</source>
        <translation>Zeigen, was in %1 nicht zugeordnet ist</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::OwnerBucketModel</name>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Via fallback</source>
        <translation>Über Fallback</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Part of the amount that reached this owner only through a fallback key (F).</source>
        <translation>Teil des Betrags, der diesen Eigentümer nur über einen Fallback-Schlüssel erreichte (F).</translation>
    </message>
    <message>
        <source>Share of the total spend in the selected period and sources.</source>
        <translation>Anteil an den Gesamtausgaben im gewählten Zeitraum und in den gewählten Quellen.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::OwnerExposureModel</name>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Via fallback (F)</source>
        <translation>Über Fallback (F)</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>not an owner?</source>
        <translation>kein Eigentümer?</translation>
    </message>
    <message>
        <source>owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>F share</source>
        <translation>F-Anteil</translation>
    </message>
    <message>
        <source>Everything this owner got, through the owner key or a fallback.</source>
        <translation>Alles, was dieser Eigentümer erhielt, über den Eigentümer-Schlüssel oder einen Fallback.</translation>
    </message>
    <message>
        <source>The part that reached this owner only through a fallback key.</source>
        <translation>Der Teil, der diesen Eigentümer nur über einen Fallback-Schlüssel erreichte.</translation>
    </message>
    <message>
        <source>Via fallback ÷ total.</source>
        <translation>Über Fallback ÷ Summe.</translation>
    </message>
    <message>
        <source>“not an owner?”: reached only through fallbacks, with a value that never occurs as a value of the owner key.</source>
        <translation>„kein Eigentümer?“: nur über Fallbacks erreicht, mit einem Wert, der nie als Wert des Eigentümer-Schlüssels vorkommt.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PackDialog</name>
    <message>
        <source>Export Chargeback Pack</source>
        <translation>Chargeback-Paket exportieren</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>DIN A4</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>US-Letter</translation>
    </message>
    <message>
        <source>Remove what gateway rows and provider bills count twice</source>
        <translation>Entfernen, was Gateway-Zeilen und Anbieterrechnungen doppelt zählen</translation>
    </message>
    <message>
        <source>%1, fallbacks: %2 (as the analysis shows them)</source>
        <translation>%1, Fallbacks: %2 (wie die Analyse sie zeigt)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>optional: one CSV and one PDF per owner</source>
        <translation>optional: je Eigentümer eine CSV- und eine PDF-Datei</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Looking for shared pods…</source>
        <translation>Suche nach gemeinsamen Pods…</translation>
    </message>
    <message>
        <source>Split a shared inference pod among its tenants by a meter, in the pack only (the ledger is unchanged), like `unalloc pack --meter POD=METER`</source>
        <translation>Einen gemeinsamen Inferenz-Pod nach einem Zähler auf seine Mandanten aufteilen, nur im Paket (das Hauptbuch bleibt unverändert), wie `unalloc pack --meter POD=METER`</translation>
    </message>
    <message>
        <source>&amp;Month:</source>
        <translation>&amp;Monat:</translation>
    </message>
    <message>
        <source>Owner key:</source>
        <translation>Eigentümer-Schlüssel:</translation>
    </message>
    <message>
        <source>Shared pods:</source>
        <translation>Gemeinsame Pods:</translation>
    </message>
    <message>
        <source>&amp;Paper:</source>
        <translation>&amp;Papier:</translation>
    </message>
    <message>
        <source>&amp;Statements folder:</source>
        <translation>Ordner für &amp;Einzelabrechnungen:</translation>
    </message>
    <message>
        <source>Save &amp;as:</source>
        <translation>Speichern &amp;unter:</translation>
    </message>
    <message>
        <source>Double-click a page to see it at 100 %</source>
        <translation>Doppelklick auf eine Seite zeigt sie in 100 %</translation>
    </message>
    <message>
        <source>Open a ledger with cost rows first.</source>
        <translation>Öffnen Sie zuerst ein Hauptbuch mit Kostenzeilen.</translation>
    </message>
    <message>
        <source>Rendering the preview…</source>
        <translation>Vorschau wird erstellt…</translation>
    </message>
    <message>
        <source>The pack could not be rendered: %1</source>
        <translation>Das Paket ließ sich nicht erstellen: %1</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <source>Pages: %4 · %1 of spend · U %2 · ledger %3</source>
        <translation>Seiten: %4 · Ausgaben %1 · U %2 · Hauptbuch %3</translation>
    </message>
    <message>
        <source>Pod %1 (%2) split by %3 in the pack only; the ledger is unchanged.</source>
        <translation>Pod %1 (%2) nach %3 aufgeteilt, nur im Paket; das Hauptbuch bleibt unverändert.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>pod, cost</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2, %Ln request(s))</source>
        <comment>pod, cost, requests</comment>
        <translation>
            <numerusform>%1 (%2, %Ln Anfrage)</numerusform>
            <numerusform>%1 (%2, %Ln Anfragen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Not split (the pod is one row)</source>
        <translation>Nicht aufgeteilt (der Pod ist eine Zeile)</translation>
    </message>
    <message>
        <source>Split by %1</source>
        <translation>Nach %1 aufteilen</translation>
    </message>
    <message>
        <source>No shared inference pod with request telemetry in this month.</source>
        <translation>Kein gemeinsamer Inferenz-Pod mit Anfrage-Telemetrie in diesem Monat.</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>Save Chargeback Pack</source>
        <translation>Chargeback-Paket speichern</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>Statements Folder</source>
        <translation>Ordner für Einzelabrechnungen</translation>
    </message>
    <message>
        <source>Choose where to save the pack.</source>
        <translation>Wählen Sie, wo das Paket gespeichert wird.</translation>
    </message>
    <message>
        <source>The pack was not saved: %1</source>
        <translation>Das Paket wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The statements were not written: %1</source>
        <translation>Die Einzelabrechnungen wurden nicht geschrieben: %1</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::Panel</name>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Save or copy this, stamped with ledger, period, sources, owner key, fallbacks, rules digest and date</source>
        <translation>Speichern oder kopieren, versehen mit Hauptbuch, Zeitraum, Quellen, Eigentümer-Schlüssel, Fallbacks, Regel-Prüfsumme und Datum</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PodStandingModel</name>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>Rate (req/s)</source>
        <translation>Rate (Anfr./s)</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>Preisstufe</translation>
    </message>
    <message>
        <source>Self-hosted</source>
        <translation>Eigene GPU</translation>
    </message>
    <message>
        <source>At API prices</source>
        <translation>Zu API-Preisen</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>Verhältnis</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>self-hosting is cheaper</source>
        <translation>eigene GPU ist günstiger</translation>
    </message>
    <message>
        <source>the API is cheaper</source>
        <translation>die API ist günstiger</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PreferencesDialog</name>
    <message>
        <source>Budget of this ledger</source>
        <translation>Budget dieses Hauptbuchs</translation>
    </message>
    <message>
        <source>U &amp;target:</source>
        <translation>U-&amp;Ziel:</translation>
    </message>
    <message>
        <source>The unallocated share this ledger aims at: the target line of the fix-plan curve; the Overview says when U is above it. The same figure `unalloc report --budget` gates CI on.</source>
        <translation>Der nicht zugeordnete Anteil, den dieses Hauptbuch anstrebt: die Ziellinie der Korrekturplan-Kurve; die Übersicht sagt, wenn U darüber liegt. Dieselbe Zahl, an der `unalloc report --budget` die CI scheitern lässt.</translation>
    </message>
    <message>
        <source>U is &amp;critical from:</source>
        <translation>U ist &amp;kritisch ab:</translation>
    </message>
    <message>
        <source>From this unallocated share on, the Overview marks U critical.</source>
        <translation>Ab diesem nicht zugeordneten Anteil markiert die Übersicht U als kritisch.</translation>
    </message>
    <message>
        <source>This run&apos;s target is %1 % from the command line (--budget); what you store here applies from the next start.</source>
        <translation>Das Ziel dieses Laufs ist %1 % von der Befehlszeile (--budget); was Sie hier speichern, gilt ab dem nächsten Start.</translation>
    </message>
    <message>
        <source>Kept for this ledger file only.</source>
        <translation>Gilt nur für diese Hauptbuchdatei.</translation>
    </message>
    <message>
        <source>Budget not stored: the critical share must be at least the target.</source>
        <translation>Budget nicht gespeichert: Der kritische Anteil muss mindestens so groß wie das Ziel sein.</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Farbschema:</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PullDialog</name>
    <message>
        <source>Allow &amp;partial</source>
        <translation>&amp;Unvollständiges zulassen</translation>
    </message>
    <message>
        <source>&amp;Pull</source>
        <translation>&amp;Abrufen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Pull from APIs</source>
        <translation>Von APIs abrufen</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Off (the default): a source that cannot be read completely fails the whole pull and nothing is imported. On: what was read is imported in a batch marked partial, shown in red everywhere, and &apos;report --require-complete&apos; fails on it.</source>
        <translation>Aus (Standard): Lässt sich eine Quelle nicht vollständig lesen, schlägt der ganze Abruf fehl und nichts wird importiert. An: Das Gelesene wird in einem als unvollständig markierten Batch importiert, überall rot angezeigt, und &apos;report --require-complete&apos; schlägt daran fehl.</translation>
    </message>
    <message>
        <source>Window (UTC)</source>
        <translation>Zeitraum (UTC)</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>to, including</source>
        <translation>bis einschließlich</translation>
    </message>
    <message>
        <source>No ledger is open: open or create one (File → New Ledger…) to pull into it.</source>
        <translation>Kein Ledger ist geöffnet: Öffnen oder erstellen Sie eines (Datei → Neues Ledger…), um hineinzuladen.</translation>
    </message>
    <message>
        <source>The demo ledger is open: the pull goes into its temporary copy, which is discarded when another ledger is opened. Create a ledger first (File → New Ledger…) to keep what you pull.</source>
        <translation>Das Demo-Ledger ist geöffnet: Der Abruf landet in seiner temporären Kopie, die beim Öffnen eines anderen Ledgers verworfen wird. Erstellen Sie zuerst ein Ledger (Datei → Neues Ledger…), um das Abgerufene zu behalten.</translation>
    </message>
    <message>
        <source>Pulls into %1, in one transaction: every page of every source, or nothing.</source>
        <translation>Ruft in %1 ab, in einer Transaktion: jede Seite jeder Quelle oder nichts.</translation>
    </message>
    <message>
        <source>Stop the pull; nothing is written to the ledger</source>
        <translation>Abruf anhalten; nichts wird ins Ledger geschrieben</translation>
    </message>
    <message>
        <source>The window is empty: the last day is before the first.</source>
        <translation>Der Zeitraum ist leer: Der letzte Tag liegt vor dem ersten.</translation>
    </message>
    <message>
        <source>The window ends in the future: the pull reads up to %1 UTC, five minutes ago, as &apos;unalloc pull&apos; does (closed windows only); the batch records the cut.</source>
        <translation>Der Zeitraum endet in der Zukunft: Der Abruf liest bis %1 UTC, vor fünf Minuten, wie &apos;unalloc pull&apos; (nur abgeschlossene Zeiträume); der Batch vermerkt die Kürzung.</translation>
    </message>
    <message>
        <source>Reads [%1, %2) UTC — the same as &apos;unalloc pull --from %3 --to %4&apos;.</source>
        <translation>Liest [%1, %2) UTC — dasselbe wie &apos;unalloc pull --from %3 --to %4&apos;.</translation>
    </message>
    <message>
        <source>Tick at least one source to pull.</source>
        <translation>Wählen Sie mindestens eine Quelle zum Abrufen.</translation>
    </message>
    <message>
        <source>Pulling… (Cancel leaves the ledger unchanged)</source>
        <translation>Rufe ab… (Abbrechen lässt das Ledger unverändert)</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Breche ab…</translation>
    </message>
    <message>
        <source>Importing in one transaction… (Cancel leaves the ledger unchanged)</source>
        <translation>Importiere in einer Transaktion… (Abbrechen lässt das Ledger unverändert)</translation>
    </message>
    <message>
        <source>Cancelled; nothing was imported and the ledger is unchanged.</source>
        <translation>Abgebrochen; nichts wurde importiert, das Ledger ist unverändert.</translation>
    </message>
    <message>
        <source>Nothing was imported; the ledger is unchanged: %1</source>
        <translation>Nichts wurde importiert; das Ledger ist unverändert: %1</translation>
    </message>
    <message>
        <source>Tick “Allow partial” to import what was read, marked partial.</source>
        <translation>Mit „Unvollständiges zulassen“ wird das Gelesene importiert, als unvollständig markiert.</translation>
    </message>
    <message>
        <source>Imported %1 (%2 in the batches) from %3; %4 already in the ledger were skipped.</source>
        <comment>new rows, amounts, sources, rows</comment>
        <translation>%1 (%2 in den Importstapeln) aus %3 importiert; %4, die bereits im Hauptbuch waren, wurden übersprungen.</translation>
    </message>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 neue Zeile</numerusform>
            <numerusform>%1 neue Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n Quelle</numerusform>
            <numerusform>%n Quellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 Zeile</numerusform>
            <numerusform>%1 Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PullProgressModel</name>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>liest…</translation>
    </message>
    <message>
        <source>read completely</source>
        <translation>vollständig gelesen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>not imported</source>
        <translation>nicht importiert</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>read completely; not imported because another source was not (the pull is one transaction)</source>
        <translation>vollständig gelesen; nicht importiert, weil eine andere Quelle es nicht wurde (der Abruf ist eine Transaktion)</translation>
    </message>
    <message>
        <source>&lt; %1 s</source>
        <translation>&lt; %1 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Amount read</source>
        <translation>Gelesener Betrag</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>Gewartet</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>%1, %2 already in the ledger</source>
        <comment>new rows, rows</comment>
        <translation>%1, %2 bereits im Hauptbuch</translation>
    </message>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 neue Zeile</numerusform>
            <numerusform>%1 neue Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>unalloc::ui::PullSourceRow</name>
    <message>
        <source>Set…</source>
        <translation>Setzen…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Pull this source</source>
        <translation>Diese Quelle abrufen</translation>
    </message>
    <message>
        <source>set %1 or type the URL</source>
        <translation>%1 setzen oder URL eingeben</translation>
    </message>
    <message>
        <source>Base URL; %1 sets it for the command line too</source>
        <translation>Basis-URL; %1 setzt sie auch für die Kommandozeile</translation>
    </message>
    <message>
        <source>Store a key in the OS keychain</source>
        <translation>Schlüssel im Schlüsselbund des Systems speichern</translation>
    </message>
    <message>
        <source>Remove the key from the OS keychain</source>
        <translation>Schlüssel aus dem Schlüsselbund des Systems entfernen</translation>
    </message>
    <message>
        <source>One small authenticated request: is the URL right and the key valid?</source>
        <translation>Eine kleine authentifizierte Anfrage: Stimmt die URL, gilt der Schlüssel?</translation>
    </message>
    <message>
        <source>no key needed</source>
        <translation>kein Schlüssel nötig</translation>
    </message>
    <message>
        <source>from environment variable %1</source>
        <translation>aus Umgebungsvariable %1</translation>
    </message>
    <message>
        <source>no keychain on this system — set %1</source>
        <translation>kein Schlüsselbund auf diesem System — %1 setzen</translation>
    </message>
    <message>
        <source>keychain error: %1</source>
        <translation>Schlüsselbund-Fehler: %1</translation>
    </message>
    <message>
        <source>key in keychain</source>
        <translation>Schlüssel im Schlüsselbund</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>kein Schlüssel</translation>
    </message>
    <message>
        <source>OpenCost takes no key</source>
        <translation>OpenCost braucht keinen Schlüssel</translation>
    </message>
    <message>
        <source>%1 in the environment wins over the keychain, as for the command line</source>
        <translation>%1 in der Umgebung hat Vorrang vor dem Schlüsselbund, wie auf der Kommandozeile</translation>
    </message>
    <message>
        <source>Key for %1</source>
        <translation>Schlüssel für %1</translation>
    </message>
    <message>
        <source>The key goes into the OS keychain, never into a file of unalloc&apos;s. %1 in the environment is used first when set.</source>
        <translation>Der Schlüssel kommt in den Schlüsselbund des Systems, nie in eine Datei von unalloc. %1 in der Umgebung hat Vorrang, wenn gesetzt.</translation>
    </message>
    <message>
        <source>The key for %1 is in the keychain.</source>
        <translation>Der Schlüssel für %1 ist im Schlüsselbund.</translation>
    </message>
    <message>
        <source>The key for %1 is no longer in the keychain.</source>
        <translation>Der Schlüssel für %1 ist nicht mehr im Schlüsselbund.</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Teste…</translation>
    </message>
    <message>
        <source>✓ ok: the URL answers and the key is accepted</source>
        <translation>✓ OK: Die URL antwortet und der Schlüssel wird akzeptiert</translation>
    </message>
    <message>
        <source>✗ authentication failed: %1</source>
        <translation>✗ Authentifizierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>✗ unreachable: %1</source>
        <translation>✗ nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>✗ failed: %1</source>
        <translation>✗ fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ReconLineModel</name>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Billing period</source>
        <translation>Abrechnungszeitraum</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Hauptbuch</translation>
    </message>
    <message>
        <source>Invoice</source>
        <translation>Rechnung</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>Differenz</translation>
    </message>
    <message>
        <source>Delta %</source>
        <translation>Differenz %</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Invoices</source>
        <translation>Rechnungen</translation>
    </message>
    <message>
        <source>Ledger − invoice</source>
        <translation>Hauptbuch − Rechnung</translation>
    </message>
    <message>
        <source>Delta ÷ invoice, to 0.1 %</source>
        <translation>Differenz ÷ Rechnung, auf 0,1 %</translation>
    </message>
    <message>
        <source>Ledger ÷ invoice: how much of the bill the ledger explains</source>
        <translation>Hauptbuch ÷ Rechnung: wie viel der Rechnung das Hauptbuch erklärt</translation>
    </message>
    <message>
        <source>Matched when |delta %| is within the tolerance</source>
        <translation>Abgestimmt, wenn |Differenz %| innerhalb der Toleranz liegt</translation>
    </message>
    <message>
        <source>Invoices that add up to the invoice amount</source>
        <translation>Rechnungen, die zusammen den Rechnungsbetrag ergeben</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ReconciliationView</name>
    <message>
        <source>no rows and no invoices in this period and these sources</source>
        <translation>keine Zeilen und keine Rechnungen in diesem Zeitraum und diesen Quellen</translation>
    </message>
    <message>
        <source>no rows in this period and these sources</source>
        <translation>keine Zeilen in diesem Zeitraum und diesen Quellen</translation>
    </message>
    <message>
        <source>Ledger vs invoices</source>
        <translation>Hauptbuch gegen Rechnungen</translation>
    </message>
    <message>
        <source>Counted twice</source>
        <translation>Doppelt gezählt</translation>
    </message>
    <message>
        <source>Gateway coverage of the bills</source>
        <translation>Gateway-Abdeckung der Rechnungen</translation>
    </message>
    <message>
        <source>Complete batches</source>
        <translation>Vollständige Importe</translation>
    </message>
    <message>
        <source>Each provider&apos;s ledger dollars against what it invoiced for the billing period.</source>
        <translation>Die Hauptbuchbeträge jedes Anbieters gegen das, was er für den Abrechnungszeitraum in Rechnung stellte.</translation>
    </message>
    <message>
        <source>Dollars that are both in a gateway row (LiteLLM) and in the provider&apos;s own bill: summed, they are counted twice.</source>
        <translation>Beträge, die sowohl in einer Gateway-Zeile (LiteLLM) als auch in der Rechnung des Anbieters stehen: Summiert werden sie doppelt gezählt.</translation>
    </message>
    <message>
        <source>Gateway dollars ÷ bill dollars for providers the gateway routes to. Below 100 %: spend bypassed the gateway.</source>
        <translation>Gateway-Beträge ÷ Rechnungsbeträge der Anbieter, an die das Gateway weiterleitet. Unter 100 %: Ausgaben am Gateway vorbei.</translation>
    </message>
    <message>
        <source>Ledger vs invoice per provider</source>
        <translation>Hauptbuch gegen Rechnung je Anbieter</translation>
    </message>
    <message>
        <source>Gateway vs provider bills: counted twice</source>
        <translation>Gateway gegen Anbieterrechnungen: doppelt gezählt</translation>
    </message>
    <message>
        <source>Ledger vs invoice per provider and billing period</source>
        <translation>Hauptbuch gegen Rechnung je Anbieter und Abrechnungszeitraum</translation>
    </message>
    <message>
        <source>Overlap per provider, model and billing period</source>
        <translation>Überschneidung je Anbieter, Modell und Abrechnungszeitraum</translation>
    </message>
    <message numerus="yes">
        <source>Provider unknown for %n gateway row(s) — re-import to match them.</source>
        <translation>
            <numerusform>Anbieter unbekannt für %n Gateway-Zeile – neu importieren, um sie abzugleichen.</numerusform>
            <numerusform>Anbieter unbekannt für %n Gateway-Zeilen – neu importieren, um sie abzugleichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>matched on %1 bills</source>
        <translation>abgeglichen mit Rechnungen (%1)</translation>
    </message>
    <message>
        <source>Import batches and their completeness</source>
        <translation>Importstapel und ihre Vollständigkeit</translation>
    </message>
    <message>
        <source>A line is matched when |delta %| is at or below this (--tolerance)</source>
        <translation>Eine Zeile ist abgestimmt, wenn |Differenz %| höchstens diesen Wert hat (--tolerance)</translation>
    </message>
    <message>
        <source>The same reconciliation from the command line</source>
        <translation>Dieselbe Abstimmung auf der Kommandozeile</translation>
    </message>
    <message>
        <source>&amp;Tolerance</source>
        <translation>&amp;Toleranz</translation>
    </message>
    <message>
        <source>CLI</source>
        <translation>CLI</translation>
    </message>
    <message>
        <source>Tolerance %1</source>
        <translation>Toleranz %1</translation>
    </message>
    <message>
        <source>Cannot reconcile: %1</source>
        <translation>Abstimmung nicht möglich: %1</translation>
    </message>
    <message>
        <source>The lines are in more than one currency.</source>
        <translation>Die Zeilen haben mehr als eine Währung.</translation>
    </message>
    <message>
        <source>Invoice %1%2 %3: other currency (%4), not reconciled against %5 rows</source>
        <translation>Rechnung %1%2 %3: andere Währung (%4), nicht mit den %5-Zeilen abgestimmt</translation>
    </message>
    <message>
        <source>no invoices</source>
        <translation>keine Rechnungen</translation>
    </message>
    <message>
        <source>Import invoices to check %1 of ledger spend.</source>
        <translation>Importieren Sie Rechnungen, um %1 an Hauptbuchausgaben zu prüfen.</translation>
    </message>
    <message>
        <source>%1 against %2 invoiced</source>
        <translation>%1 gegen %2 in Rechnung gestellt</translation>
    </message>
    <message>
        <source>%1 not invoiced</source>
        <translation>%1 nicht in Rechnung gestellt</translation>
    </message>
    <message>
        <source>%1 of %2 matched</source>
        <translation>%1/%2 abgestimmt</translation>
    </message>
    <message>
        <source>No gateway row routes to a provider whose bill is in this slice.</source>
        <translation>Keine Gateway-Zeile führt zu einem Anbieter, dessen Rechnung in diesem Ausschnitt liegt.</translation>
    </message>
    <message>
        <source>No gateway traffic to a billed provider.</source>
        <translation>Kein Gateway-Verkehr zu einem abgerechneten Anbieter.</translation>
    </message>
    <message>
        <source>removed: the figures are de-duplicated</source>
        <translation>entfernt: die Zahlen sind dedupliziert</translation>
    </message>
    <message>
        <source>in every figure twice — tick “De-duplicate” in the bar above</source>
        <translation>in jeder Zahl doppelt — oben in der Leiste „Deduplizieren“ ankreuzen</translation>
    </message>
    <message>
        <source>%1 batch %2</source>
        <translation>%1 Importstapel %2</translation>
    </message>
    <message>
        <source>every read is complete</source>
        <translation>jeder Import ist vollständig</translation>
    </message>
    <message>
        <source>⚠ partial: %1</source>
        <translation>⚠ unvollständig: %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>ledger %1</source>
        <translation>Hauptbuch %1</translation>
    </message>
    <message>
        <source>invoice %1</source>
        <translation>Rechnung %1</translation>
    </message>
    <message>
        <source>no invoice</source>
        <translation>keine Rechnung</translation>
    </message>
    <message>
        <source>Δ %1 · %2</source>
        <translation>Δ %1 · %2</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>nothing to check against</source>
        <translation>nichts zum Abgleichen</translation>
    </message>
    <message>
        <source>coverage %1</source>
        <translation>Abdeckung %1</translation>
    </message>
    <message>
        <source>invoice</source>
        <translation>Rechnung</translation>
    </message>
    <message>
        <source>No ledger rows and no invoices in this period.</source>
        <translation>Keine Hauptbuchzeilen und keine Rechnungen in diesem Zeitraum.</translation>
    </message>
    <message>
        <source>%1 removed (de-duplicated)</source>
        <translation>%1 entfernt (dedupliziert)</translation>
    </message>
    <message>
        <source>%1 counted twice</source>
        <translation>%1 doppelt gezählt</translation>
    </message>
    <message>
        <source>%1 bill</source>
        <translation>%1 Rechnung</translation>
    </message>
    <message>
        <source>overlap %1: in both ledgers</source>
        <translation>Überschneidung %1: auf beiden Seiten</translation>
    </message>
    <message>
        <source>residual %1: bill spend that bypassed the gateway</source>
        <translation>Rest %1: Rechnungsbeträge am Gateway vorbei</translation>
    </message>
    <message>
        <source>excess %1: gateway estimate above the bill</source>
        <translation>Überschuss %1: Gateway-Schätzung über der Rechnung</translation>
    </message>
    <message>
        <source>No double counting: no %1 gateway row routes to a provider whose bill is in this period and these sources.</source>
        <translation>Keine Doppelzählung: Keine %1-Gateway-Zeile führt zu einem Anbieter, dessen Rechnung in diesem Zeitraum und diesen Quellen liegt.</translation>
    </message>
    <message>
        <source>%1 of the bills bypassed it · %2 gateway excess</source>
        <translation>%1 der Rechnungen am Gateway vorbei · %2 Gateway-Überschuss</translation>
    </message>
    <message>
        <source>gateway covers %1</source>
        <translation>Gateway deckt %1 ab</translation>
    </message>
    <message>
        <source>&amp;Delete batch %1 (%2)</source>
        <translation>Importstapel %1 (%2) &amp;löschen</translation>
    </message>
    <message>
        <source>Take this import out of the ledger: its rows, invoices and meter splits. Undo puts it back.</source>
        <translation>Diesen Import aus dem Ledger entfernen: seine Zeilen, Rechnungen und Meter-Aufteilungen. Rückgängig stellt ihn wieder her.</translation>
    </message>
    <message>
        <source>Delete batch %1</source>
        <translation>Importstapel %1 löschen</translation>
    </message>
    <message>
        <source>Cannot delete the batch: %1</source>
        <translation>Der Importstapel kann nicht gelöscht werden: %1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the replace; the batch stays as it is</source>
        <translation>Das Ersetzen abbrechen; der Importstapel bleibt, wie er ist</translation>
    </message>
    <message>
        <source>&amp;Replace batch %1 (%2)…</source>
        <translation>Importstapel %1 (%2) &amp;ersetzen…</translation>
    </message>
    <message>
        <source>Swap this import for corrected files in one step (like `unalloc batches replace`): if they cannot be imported the batch stays. Undo puts it back.</source>
        <translation>Diesen Import in einem Schritt durch korrigierte Dateien ersetzen (wie `unalloc batches replace`): lassen sie sich nicht importieren, bleibt der Importstapel. Rückgängig stellt ihn wieder her.</translation>
    </message>
    <message>
        <source>Replace Batch %1</source>
        <translation>Importstapel %1 ersetzen</translation>
    </message>
    <message>
        <source>Cost exports (*.json *.csv);;All files (*)</source>
        <translation>Kostenexporte (*.json *.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Another batch is being replaced; wait for it or cancel it.</source>
        <translation>Ein anderer Importstapel wird gerade ersetzt; warten Sie darauf oder brechen Sie ihn ab.</translation>
    </message>
    <message>
        <source>Cannot replace the batch: %1</source>
        <translation>Der Importstapel lässt sich nicht ersetzen: %1</translation>
    </message>
    <message>
        <source>Replace batch %1</source>
        <translation>Importstapel %1 ersetzen</translation>
    </message>
    <message>
        <source>Replaced: %1</source>
        <comment>new rows</comment>
        <translation>Ersetzt: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 new row(s)</source>
        <translation>
            <numerusform>%1 neue Zeile</numerusform>
            <numerusform>%1 neue Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s) already in the ledger were skipped</source>
        <translation>
            <numerusform>%1 Zeile, die bereits im Hauptbuch war, wurde übersprungen</numerusform>
            <numerusform>%1 Zeilen, die bereits im Hauptbuch waren, wurden übersprungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Replacing batch %1…</source>
        <translation>Importstapel %1 wird ersetzt…</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Δ %1 · %2 (%3)</source>
        <translation>Δ %1 · %2 (%3)</translation>
    </message>
    <message>
        <source>Click to show the rows of %1</source>
        <translation>Klicken zeigt die Zeilen von %1</translation>
    </message>
    <message>
        <source>Show the rows of %1</source>
        <translation>Zeilen von %1 zeigen</translation>
    </message>
    <message>
        <source>%1 ledger (%2)</source>
        <translation>%1 Hauptbuch (%2)</translation>
    </message>
    <message>
        <source>%1 invoice</source>
        <translation>%1 Rechnung</translation>
    </message>
    <message>
        <source>%1 bill %2</source>
        <translation>%1 Rechnung %2</translation>
    </message>
    <message>
        <source>%1 gateway %2</source>
        <translation>%1-Gateway %2</translation>
    </message>
    <message>
        <source>gateway %1 · bill %2</source>
        <translation>Gateway %1 · Rechnung %2</translation>
    </message>
    <message>
        <source>counted twice</source>
        <translation>doppelt gezählt</translation>
    </message>
    <message>
        <source>gateway excess</source>
        <translation>Gateway-Überschuss</translation>
    </message>
    <message>
        <source>bypassed the gateway</source>
        <translation>am Gateway vorbei</translation>
    </message>
    <message>
        <source>%1 gateway → %2</source>
        <translation>%1-Gateway → %2</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ResolutionModel</name>
    <message>
        <source>How the owner was found</source>
        <translation>Wie der Eigentümer gefunden wurde</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Owner label (%1)</source>
        <translation>Eigentümer-Label (%1)</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Fallback</translation>
    </message>
    <message>
        <source>No owner</source>
        <translation>Kein Eigentümer</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::SeamBanner</name>
    <message>
        <source>%1 and %2</source>
        <extracomment>joins the last two names of a list: &quot;OpenAI and Anthropic&quot;</extracomment>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>%1 batch %2 (%3)</source>
        <translation>%1 Importstapel %2 (%3)</translation>
    </message>
    <message>
        <source>the %1 bill</source>
        <translation>die %1-Rechnung</translation>
    </message>
    <message>
        <source>the %1 bills</source>
        <translation>die %1-Rechnungen</translation>
    </message>
    <message>
        <source>&lt;b&gt;De-duplicated:&lt;/b&gt; %1 of %2 already counted in %3 gateway rows is left out. Gateway rows keep their team labels; the bills keep only the spend that bypassed the gateway.</source>
        <translation>&lt;b&gt;Dedupliziert:&lt;/b&gt; %1 von %2, bereits in %3 Gateway-Zeilen gezählt, bleibt außen vor. Gateway-Zeilen behalten ihre Team-Labels; die Rechnungen behalten nur die Ausgaben am Gateway vorbei.</translation>
    </message>
    <message>
        <source>Sum both again</source>
        <translation>Wieder beide summieren</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ %1 counted twice:&lt;/b&gt; %2 gateway rows and %3 cover the same traffic, and every figure here sums both.</source>
        <translation>&lt;b&gt;⚠ %1 doppelt gezählt:&lt;/b&gt; %2-Gateway-Zeilen und %3 decken denselben Verkehr ab, und jede Zahl hier summiert beide.</translation>
    </message>
    <message>
        <source>De-duplicate</source>
        <translation>Deduplizieren</translation>
    </message>
    <message>
        <source>Same as the “De-duplicate gateway vs provider bills” option in the bar above (undo with Ctrl+Z)</source>
        <translation>Wie die Option „Gateway und Anbieterrechnungen deduplizieren“ oben in der Leiste (rückgängig mit Strg+Z)</translation>
    </message>
    <message>
        <source>De-duplicate gateway vs provider bills</source>
        <translation>Gateway und Anbieterrechnungen deduplizieren</translation>
    </message>
    <message>
        <source>Sum gateway and provider bills</source>
        <translation>Gateway und Anbieterrechnungen summieren</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ Incomplete data&lt;/b&gt; — the numbers below include partial reads and may be too low: %1</source>
        <translation>&lt;b&gt;⚠ Unvollständige Daten&lt;/b&gt; — die Zahlen unten enthalten unvollständige Importe und können zu niedrig sein: %1</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::Sidebar</name>
    <message>
        <source>Views</source>
        <translation>Ansichten</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Saved views</source>
        <translation>Gespeicherte Ansichten</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::TablePanel</name>
    <message>
        <source>Save as &amp;CSV…</source>
        <translation>Als &amp;CSV speichern…</translation>
    </message>
    <message>
        <source>&amp;Copy table</source>
        <translation>Tabelle &amp;kopieren</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV-Tabelle (*.csv)</translation>
    </message>
    <message>
        <source>CSV for &amp;Excel (UTF-8 with BOM)</source>
        <translation>CSV für &amp;Excel (UTF-8 mit BOM)</translation>
    </message>
    <message>
        <source>Start CSV files with a byte order mark, so that Excel reads them as UTF-8</source>
        <translation>CSV-Dateien mit einer Byte-Order-Markierung beginnen, damit Excel sie als UTF-8 liest</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::Translations</name>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::TrendComparisonModel</name>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Change %</source>
        <translation>Änderung %</translation>
    </message>
    <message>
        <source>The same owner in the period before: the previous month when a whole month is selected, else as many days just before</source>
        <translation>Derselbe Eigentümer im Zeitraum davor: der Vormonat, wenn ein ganzer Monat gewählt ist, sonst ebenso viele Tage unmittelbar davor</translation>
    </message>
    <message>
        <source>Change ÷ previous amount; — when there was nothing before</source>
        <translation>Änderung ÷ vorheriger Betrag; — wenn vorher nichts war</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::TrendsView</name>
    <message>
        <source>Day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Week (Monday to Sunday)</source>
        <translation>Woche (Montag bis Sonntag)</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>How the period is cut; a row counts in the period its charge starts in (as `unalloc report --by`)</source>
        <translation>Wie der Zeitraum geteilt wird; eine Zeile zählt in dem Abschnitt, in dem ihre Abrechnung beginnt (wie `unalloc report --by`)</translation>
    </message>
    <message>
        <source>Spend by owner</source>
        <translation>Ausgaben nach Eigentümer</translation>
    </message>
    <message>
        <source>U and F</source>
        <translation>U und F</translation>
    </message>
    <message>
        <source>Unallocated (U) and via-fallback (F) share of each period</source>
        <translation>Anteil ohne Eigentümer (U) und über Fallback (F) in jedem Abschnitt</translation>
    </message>
    <message>
        <source>This period vs the previous one</source>
        <translation>Dieser Zeitraum gegen den vorigen</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>Schritt:</translation>
    </message>
    <message>
        <source>Cannot cut this slice into periods: %1</source>
        <translation>Dieser Ausschnitt lässt sich nicht in Abschnitte teilen: %1</translation>
    </message>
    <message>
        <source>U — unallocated</source>
        <translation>U — ohne Eigentümer</translation>
    </message>
    <message>
        <source>F — via fallback</source>
        <translation>F — über Fallback</translation>
    </message>
    <message>
        <source>% of spend</source>
        <translation>% der Ausgaben</translation>
    </message>
    <message numerus="yes">
        <source>+ %n smaller owner(s)</source>
        <translation>
            <numerusform>+ %n kleinerer Eigentümer</numerusform>
            <numerusform>+ %n kleinere Eigentümer</numerusform>
        </translation>
    </message>
    <message>
        <source>no owner (hatched)</source>
        <translation>kein Eigentümer (schraffiert)</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>partial batch</source>
        <translation>unvollständiger Import</translation>
    </message>
    <message>
        <source>%1 per day</source>
        <translation>%1 pro Tag</translation>
    </message>
    <message>
        <source>%1 per week</source>
        <translation>%1 pro Woche</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>%1 pro Monat</translation>
    </message>
    <message>
        <source>Spend by %1 over time</source>
        <translation>Ausgaben nach %1 im Zeitverlauf</translation>
    </message>
    <message>
        <source>No rows in this period and these sources.</source>
        <translation>Keine Zeilen in diesem Zeitraum und diesen Quellen.</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 gegen %2</translation>
    </message>
    <message>
        <source>Total %1 against %2: %3</source>
        <translation>Summe %1 gegen %2: %3</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n period(s) · %2 rows</source>
        <translation>
            <numerusform>%1 · %n Abschnitt · %2 Zeilen</numerusform>
            <numerusform>%1 · %n Abschnitte · %2 Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n period(s) rest on a partial batch (▲)</source>
        <translation>
            <numerusform>%n Abschnitt beruht auf einem unvollständigen Import (▲)</numerusform>
            <numerusform>%n Abschnitte beruhen auf einem unvollständigen Import (▲)</numerusform>
        </translation>
    </message>
    <message>
        <source>Largest owner at the bottom, &lt;unallocated&gt; hatched on top</source>
        <translation>Größter Eigentümer unten, &lt;unallocated&gt; schraffiert oben</translation>
    </message>
    <message>
        <source>Hover a bar or a point for its exact figures; click a legend entry to hide or show that series.</source>
        <translation>Der Mauszeiger über einem Balken oder Punkt zeigt die genauen Zahlen; ein Klick auf einen Legendeneintrag blendet die Reihe aus oder ein.</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2
%3 · %4 of %5
%n row(s)</source>
        <translation>
            <numerusform>%1 · %2
%3 · %4 von %5
%n Zeile</numerusform>
            <numerusform>%1 · %2
%3 · %4 von %5
%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>no rows</source>
        <translation>keine Zeilen</translation>
    </message>
    <message numerus="yes">
        <source>Total %1 · %n row(s)</source>
        <translation>
            <numerusform>Summe %1 · %n Zeile</numerusform>
            <numerusform>Summe %1 · %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>U %1 (%2) · F %3 (%4)</source>
        <translation>U %1 (%2) · F %3 (%4)</translation>
    </message>
    <message>
        <source>Partial: batch %1 (%2): %3</source>
        <translation>Unvollständig: Import %1 (%2): %3</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::UnallocatedTreeModel</name>
    <message>
        <source>(no namespace, project or workspace)</source>
        <translation>(kein Namespace, Projekt oder Workspace)</translation>
    </message>
    <message>
        <source>Source / group / cost object</source>
        <translation>Quelle / Gruppe / Kostenobjekt</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Share of U</source>
        <translation>Anteil an U</translation>
    </message>
    <message>
        <source>Share of total</source>
        <translation>Anteil am Gesamtbetrag</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Labels it does have</source>
        <translation>Vorhandene Labels</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::UnallocatedView</name>
    <message>
        <source>The ledger is empty: File → Import Files…</source>
        <translation>Das Hauptbuch ist leer: Datei → Dateien importieren…</translation>
    </message>
    <message>
        <source>No rows in this period and these sources: nothing to attribute, nothing unallocated.</source>
        <translation>Keine Zeilen in diesem Zeitraum und diesen Quellen: nichts zuzuordnen, nichts offen.</translation>
    </message>
    <message>
        <source>%1 target</source>
        <translation>Ziel %1</translation>
    </message>
    <message>
        <source>U: the share of spend whose rows carry neither the owner key nor any fallback key.</source>
        <translation>U: der Anteil der Ausgaben, deren Zeilen weder den Eigentümer-Schlüssel noch einen Fallback-Schlüssel tragen.</translation>
    </message>
    <message>
        <source>Drill-down: source → group → cost object</source>
        <translation>Aufschlüsselung: Quelle → Gruppe → Kostenobjekt</translation>
    </message>
    <message>
        <source>Fix plan: U after each of the next fixes</source>
        <translation>Maßnahmenplan: U nach jeder der nächsten Korrekturen</translation>
    </message>
    <message>
        <source>Labeling backlog</source>
        <translation>Label-Rückstand</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%2 of %3) has no &lt;b&gt;%4&lt;/b&gt;: %Ln cost object(s) nobody owns.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%2 von %3) hat kein &lt;b&gt;%4&lt;/b&gt;: %Ln Kostenobjekt, das niemandem gehört.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%2 von %3) hat kein &lt;b&gt;%4&lt;/b&gt;: %Ln Kostenobjekte, die niemandem gehören.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2 of %3) has no &lt;b&gt;%4&lt;/b&gt;: ordering the cost objects nobody owns, costliest first…</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2 von %3) hat kein &lt;b&gt;%4&lt;/b&gt;: die Kostenobjekte ohne Eigentümer werden geordnet, die teuersten zuerst…</translation>
    </message>
    <message>
        <source>The fixes follow once the unowned objects are in order.</source>
        <translation>Die Korrekturen folgen, sobald die Objekte ohne Eigentümer geordnet sind.</translation>
    </message>
    <message>
        <source>Export follows once the cost objects nobody owns are in order</source>
        <translation>Der Export folgt, sobald die Kostenobjekte ohne Eigentümer geordnet sind</translation>
    </message>
    <message>
        <source>label fixes applied (costliest first)</source>
        <translation>angewandte Label-Korrekturen (teuerste zuerst)</translation>
    </message>
    <message>
        <source>U (% of spend)</source>
        <translation>U (% der Ausgaben)</translation>
    </message>
    <message>
        <source>U after the fixes</source>
        <translation>U nach den Korrekturen</translation>
    </message>
    <message>
        <source>a fix</source>
        <translation>eine Korrektur</translation>
    </message>
    <message>
        <source>Nothing is unallocated: there is nothing to fix.</source>
        <translation>Nichts ist nicht zugeordnet: Es gibt nichts zu korrigieren.</translation>
    </message>
    <message numerus="yes">
        <source>From %1 today to %2 after %n fix(es): label the costliest unowned objects first.</source>
        <translation>
            <numerusform>Von %1 heute auf %2 nach %n Korrektur: die teuersten Objekte ohne Eigentümer zuerst labeln.</numerusform>
            <numerusform>Von %1 heute auf %2 nach %n Korrekturen: die teuersten Objekte ohne Eigentümer zuerst labeln.</numerusform>
        </translation>
    </message>
    <message>
        <source>Today: U = %1
%2 unallocated of %3</source>
        <translation>Heute: U = %1
%2 von %3 nicht zugeordnet</translation>
    </message>
    <message>
        <source>Fix %1: label %2 (%3)</source>
        <translation>Korrektur %1: %2 labeln (%3)</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>amount, rows</comment>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 Zeile</numerusform>
            <numerusform>%1 Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Then U = %1 (%2 unallocated)</source>
        <translation>Dann U = %1 (%2 nicht zugeordnet)</translation>
    </message>
    <message>
        <source>Hover a point for the fix and the U that remains, click it to find the object in the backlog; the wheel zooms the fixes, a double click shows them all.</source>
        <translation>Über einem Punkt stehen die Korrektur und das verbleibende U, ein Klick findet das Objekt im Rückstand; das Mausrad zoomt die Korrekturen, ein Doppelklick zeigt wieder alle.</translation>
    </message>
    <message>
        <source>Click to find it in the backlog below.</source>
        <translation>Ein Klick findet es im Rückstand unten.</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ValueAliasDialog</name>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Value Aliases</source>
        <translation>Wert-Aliasse</translation>
    </message>
    <message>
        <source>value in the rows, e.g. e8d1460f</source>
        <translation>Wert in den Zeilen, z. B. e8d1460f</translation>
    </message>
    <message>
        <source>attribute as, e.g. search</source>
        <translation>zuordnen als, z. B. search</translation>
    </message>
    <message>
        <source>Rows whose label has exactly this value are attributed as if it were the target value, in the explorer and in every CLI command (applied once, before attribution; the rows keep their labels). Part of the rules digest.</source>
        <translation>Zeilen, deren Label genau diesen Wert hat, werden so zugeordnet, als hätte es den Zielwert – im Explorer und in jedem CLI-Befehl (einmal angewandt, vor der Zuordnung; die Zeilen behalten ihre Labels). Teil des Regel-Digests.</translation>
    </message>
    <message>
        <source>The ledger has this alias already.</source>
        <translation>Das Hauptbuch hat diesen Alias bereits.</translation>
    </message>
    <message>
        <source>Alias %1</source>
        <translation>Alias %1</translation>
    </message>
    <message>
        <source>Cannot change the aliases: %1</source>
        <translation>Die Aliasse lassen sich nicht ändern: %1</translation>
    </message>
    <message>
        <source>Remove alias %1</source>
        <translation>Alias %1 entfernen</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::ValueAliasModel</name>
    <message>
        <source>Label key</source>
        <translation>Label-Schlüssel</translation>
    </message>
    <message>
        <source>Value in the rows</source>
        <translation>Wert in den Zeilen</translation>
    </message>
    <message>
        <source>Attributed as</source>
        <translation>Zugeordnet als</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Moved in period</source>
        <translation>Im Zeitraum verschoben</translation>
    </message>
</context>
<context>
    <name>unalloc::ui::WarningModel</name>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
</TS>
