<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>DetailsText</name>
    <message>
        <source>(absent)</source>
        <translation>(fehlt)</translation>
    </message>
    <message>
        <source> … (%1 ranks)</source>
        <translation> … (%1 Ranks)</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Canonical index</source>
        <translation>Kanonischer Index</translation>
    </message>
    <message>
        <source>Index in the input</source>
        <translation>Index in der Eingabe</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <translation>%1 (benutzerdefiniert)</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>Datentyp</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>Reduktion</translation>
    </message>
    <message>
        <source>Scheduler resource</source>
        <translation>Scheduler-Ressource</translation>
    </message>
    <message>
        <source>Timing in the trace</source>
        <translation>Zeitverhalten im Trace</translation>
    </message>
    <message>
        <source>Issue time</source>
        <translation>Ausgabezeit</translation>
    </message>
    <message>
        <source>Gap before</source>
        <translation>Abstand davor</translation>
    </message>
    <message>
        <source>Start (given)</source>
        <translation>Start (angegeben)</translation>
    </message>
    <message>
        <source>Compute before</source>
        <translation>Rechenzeit davor</translation>
    </message>
    <message>
        <source>Compute overlap</source>
        <translation>Rechenüberlappung</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Compute pressure</source>
        <translation>Rechendruck</translation>
    </message>
    <message>
        <source>Arrival skew</source>
        <translation>Ankunftsversatz</translation>
    </message>
    <message>
        <source>unknown (not measured; never treated as 0)</source>
        <translation>unbekannt (nicht gemessen; nie als 0 behandelt)</translation>
    </message>
    <message>
        <source>at least %1 (partial arrivals)</source>
        <translation>mindestens %1 (teilweise Ankünfte)</translation>
    </message>
    <message>
        <source>Observed exposed</source>
        <translation>Beobachtet exponiert</translation>
    </message>
    <message>
        <source>run (one token repeated; exact)</source>
        <translation>Lauf (ein Token wiederholt; exakt)</translation>
    </message>
    <message>
        <source>motif (a repeated body of tokens; exact)</source>
        <translation>Motiv (ein wiederholter Block von Tokens; exakt)</translation>
    </message>
    <message>
        <source>literal (tokens in order, once; exact)</source>
        <translation>Literal (Tokens in Reihenfolge, einmal; exakt)</translation>
    </message>
    <message>
        <source>interval (timing approximated within bounds)</source>
        <translation>Intervall (Zeitverhalten innerhalb von Schranken angenähert)</translation>
    </message>
    <message>
        <source>0 (every field exact)</source>
        <translation>0 (jedes Feld exakt)</translation>
    </message>
    <message>
        <source>Canary segment</source>
        <translation>Canary-Segment</translation>
    </message>
    <message>
        <source>Canary</source>
        <translation>Canary</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(unbenannt)</translation>
    </message>
    <message>
        <source>Canary coverage</source>
        <translation>Canary-Abdeckung</translation>
    </message>
    <message>
        <source>%1, %2, claim %3</source>
        <translation>%1, %2, Aussage %3</translation>
    </message>
    <message>
        <source>Source event</source>
        <translation>Quellereignis</translation>
    </message>
    <message>
        <source>Segment</source>
        <translation>Segment</translation>
    </message>
    <message>
        <source>none: the canary keeps a subset of %1 source events, and not this one</source>
        <translation>keines: das Canary behält eine Teilmenge von %1 Quellereignissen, und dieses gehört nicht dazu</translation>
    </message>
    <message>
        <source>none: the canary covers source events %1 – %2 only</source>
        <translation>keines: Der Canary deckt nur die Quellereignisse %1 – %2 ab</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Index in the canary&apos;s segment list, counted from 0</source>
        <translation>Index in der Segmentliste des Canary, ab 0 gezählt</translation>
    </message>
    <message>
        <source>Segment kind</source>
        <translation>Segmentart</translation>
    </message>
    <message>
        <source>Source events</source>
        <translation>Quellereignisse</translation>
    </message>
    <message>
        <source>%1 – %2 (%3 events)</source>
        <translation>%1 – %2 (%3 Ereignisse)</translation>
    </message>
    <message>
        <source>Position in segment</source>
        <translation>Position im Segment</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>Programm</translation>
    </message>
    <message>
        <source>%1 stored items (%2 events) × %3 repeats, then %4 items once more</source>
        <translation>%1 gespeicherte Elemente (%2 Ereignisse) × %3 Wiederholungen, danach %4 Elemente noch einmal</translation>
    </message>
    <message>
        <source>Error bounds</source>
        <translation>Fehlerschranken</translation>
    </message>
    <message>
        <source>The true per-field maximum error of this interval (ns; pressure in 1e-9 units):
%1</source>
        <translation>Der tatsächliche maximale Fehler je Feld in diesem Intervall (ns; Druck in Einheiten von 1e-9):
%1</translation>
    </message>
    <message>
        <source>Commitment (SHA-256)</source>
        <translation>Commitment (SHA-256)</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical bytes of source events %1 – %2:
%3</source>
        <translation>SHA-256 der kanonischen Bytes der Quellereignisse %1 – %2:
%3</translation>
    </message>
</context>
<context>
    <name>DistributionText</name>
    <message>
        <source>Distributions ready</source>
        <translation>Verteilungen bereit</translation>
    </message>
    <message>
        <source>Scanning samples of %1</source>
        <translation>Stichproben von %1 werden durchsucht</translation>
    </message>
    <message>
        <source>Sorting samples of %1</source>
        <translation>Stichproben von %1 werden sortiert</translation>
    </message>
</context>
<context>
    <name>LoaderText</name>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>is larger than the input limit of %1</source>
        <translation>ist größer als das Eingabelimit von %1</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Zeitsemantik</translation>
    </message>
    <message>
        <source>Issue span</source>
        <translation>Ausgabespanne</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Gruppen</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operationen</translation>
    </message>
    <message>
        <source>Arrival skew</source>
        <translation>Ankunftsversatz</translation>
    </message>
    <message>
        <source>%1 known, %2 partial, %3 unknown</source>
        <translation>%1 bekannt, %2 teilweise, %3 unbekannt</translation>
    </message>
    <message>
        <source>Compute overlap</source>
        <translation>Rechenüberlappung</translation>
    </message>
    <message>
        <source>unknown for some events</source>
        <translation>für einige Ereignisse unbekannt</translation>
    </message>
    <message>
        <source>known</source>
        <translation>bekannt</translation>
    </message>
    <message>
        <source>Normalised SHA-256</source>
        <translation>Normalisierte SHA-256</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Aussage</translation>
    </message>
    <message>
        <source>Source SHA-256</source>
        <translation>Quell-SHA-256</translation>
    </message>
    <message>
        <source>Canary SHA-256</source>
        <translation>Canary-SHA-256</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: Datei existiert nicht</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1: keine reguläre Datei</translation>
    </message>
    <message>
        <source>Reading configuration set</source>
        <translation>Konfigurationssatz wird gelesen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationen</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Reading replay report</source>
        <translation>Wiedergabebericht wird gelesen</translation>
    </message>
    <message>
        <source>Input SHA-256</source>
        <translation>Eingabe-SHA-256</translation>
    </message>
    <message>
        <source>Input events</source>
        <translation>Eingabeereignisse</translation>
    </message>
    <message>
        <source>Configuration set</source>
        <translation>Konfigurationssatz</translation>
    </message>
    <message>
        <source>Simulator version</source>
        <translation>Simulator-Version</translation>
    </message>
    <message>
        <source>Ablations</source>
        <translation>Ablationen</translation>
    </message>
    <message>
        <source>Isolated</source>
        <translation>Isoliert</translation>
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
        <source>Seal</source>
        <translation>Siegel</translation>
    </message>
    <message>
        <source>intact</source>
        <translation>intakt</translation>
    </message>
    <message>
        <source>broken: the report was edited</source>
        <translation>gebrochen: Der Bericht wurde bearbeitet</translation>
    </message>
    <message>
        <source>median %1, p99 %2, max %3</source>
        <translation>Median %1, p99 %2, max. %3</translation>
    </message>
    <message>
        <source>Reading canary</source>
        <translation>Canary wird gelesen</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Timing mode</source>
        <translation>Zeitmodus</translation>
    </message>
    <message>
        <source>Logical events</source>
        <translation>Logische Ereignisse</translation>
    </message>
    <message>
        <source>Stored events</source>
        <translation>Gespeicherte Ereignisse</translation>
    </message>
    <message>
        <source>Event compression</source>
        <translation>Ereignis-Kompression</translation>
    </message>
    <message>
        <source>Byte compression</source>
        <translation>Byte-Kompression</translation>
    </message>
    <message>
        <source>Segments</source>
        <translation>Segmente</translation>
    </message>
    <message>
        <source>Reading verification</source>
        <translation>Verifikation wird gelesen</translation>
    </message>
    <message>
        <source>is a %1, which this version of the workbench cannot open yet</source>
        <translation>ist ein(e) %1, das diese Version der Workbench noch nicht öffnen kann</translation>
    </message>
    <message>
        <source>Serialised size</source>
        <translation>Serialisierte Größe</translation>
    </message>
    <message>
        <source>Imported from</source>
        <translation>Importiert aus</translation>
    </message>
    <message>
        <source>a PyTorch profiler (Kineto) file, %1 profile events; observational and single-rank</source>
        <translation>einer PyTorch-Profiler-Datei (Kineto), %1 Profilereignisse; beobachtend und nur ein Rank</translation>
    </message>
    <message>
        <source>Import note</source>
        <translation>Importhinweis</translation>
    </message>
    <message>
        <source>Deciding the configuration pairs</source>
        <translation>Konfigurationspaare werden entschieden</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Zelle</translation>
    </message>
    <message>
        <source>Trace SHA-256</source>
        <translation>Trace-SHA-256</translation>
    </message>
    <message>
        <source>Proxies</source>
        <translation>Proxys</translation>
    </message>
    <message>
        <source>Recorded passes</source>
        <translation>Aufgezeichnete Durchläufe</translation>
    </message>
    <message>
        <source>Reading campaign results</source>
        <translation>Kampagnenergebnisse werden gelesen</translation>
    </message>
</context>
<context>
    <name>RangeText</name>
    <message>
        <source>Selected range</source>
        <translation>Ausgewählter Bereich</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Bis</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Events issued</source>
        <translation>Ausgegebene Ereignisse</translation>
    </message>
    <message>
        <source>Latency under %1</source>
        <translation>Latenz unter %1</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>Queue wait median</source>
        <translation>Median der Warteschlange</translation>
    </message>
    <message>
        <source>Hidden share</source>
        <translation>Verdeckter Anteil</translation>
    </message>
    <message>
        <source>Tail events</source>
        <translation>Tail-Ereignisse</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>no replay yet</source>
        <translation>noch keine Wiedergabe</translation>
    </message>
    <message>
        <source>By operation</source>
        <translation>Nach Operation</translation>
    </message>
</context>
<context>
    <name>RankingText</name>
    <message>
        <source>%1 &lt; %2</source>
        <translation>%1 &lt; %2</translation>
    </message>
    <message>
        <source>%1 &gt; %2</source>
        <translation>%1 &gt; %2</translation>
    </message>
    <message>
        <source>%1 ≈ %2</source>
        <translation>%1 ≈ %2</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>%1 vs %2 on %3 flips %4</source>
        <translation>%1 gegen %2 bei %3 kippt %4</translation>
    </message>
</context>
<context>
    <name>ReplayText</name>
    <message>
        <source>arrival skew</source>
        <translation>Ankunftsversatz</translation>
    </message>
    <message>
        <source>compute overlap</source>
        <translation>Rechenüberlappung</translation>
    </message>
    <message>
        <source>ordering</source>
        <translation>Reihenfolge</translation>
    </message>
    <message>
        <source>queue-reset gaps</source>
        <translation>Warteschlangen leerende Lücken</translation>
    </message>
    <message>
        <source>rare tail windows</source>
        <translation>seltene Tail-Fenster</translation>
    </message>
    <message>
        <source>compute pressure</source>
        <translation>Rechendruck</translation>
    </message>
    <message>
        <source>isolated (every collective alone)</source>
        <translation>isoliert (jede Kollektivoperation allein)</translation>
    </message>
    <message>
        <source>no ablations</source>
        <translation>keine Ablationen</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>ohne %1</translation>
    </message>
</context>
<context>
    <name>SaveText</name>
    <message>
        <source>%1: the artifact to save is no longer open</source>
        <translation>%1: das zu speichernde Artefakt ist nicht mehr geöffnet</translation>
    </message>
    <message>
        <source>%1: %2 has no bytes of its own to save</source>
        <translation>%1: %2 hat keine eigenen Bytes zum Speichern</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>%1 wird geschrieben</translation>
    </message>
</context>
<context>
    <name>SearchText</name>
    <message>
        <source>&quot;%1&quot;: nothing after the colon</source>
        <translation>„%1“: nach dem Doppelpunkt fehlt ein Wert</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: a rank is a number (3) or a range (0-7)</source>
        <translation>„%1“: ein Rang ist eine Zahl (3) oder ein Bereich (0-7)</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: a size is bytes with an optional unit (4096, 4KiB, 16MiB), a range (1MiB-16MiB) or a bound (&gt;=1MiB, &lt;4KiB)</source>
        <translation>„%1“: eine Größe ist eine Byte-Zahl mit optionaler Einheit (4096, 4KiB, 16MiB), ein Bereich (1MiB-16MiB) oder eine Schranke (&gt;=1MiB, &lt;4KiB)</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: unknown field &quot;%2&quot; (use op, group, rank, size, id or phase)</source>
        <translation>„%1“: unbekanntes Feld „%2“ (erlaubt: op, group, rank, size, id oder phase)</translation>
    </message>
    <message>
        <source>Searching the timeline</source>
        <translation>Zeitleiste wird durchsucht</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <source>Filling lanes</source>
        <translation>Bahnen werden gefüllt</translation>
    </message>
    <message>
        <source>Assigning events to lanes</source>
        <translation>Ereignisse werden Bahnen zugeordnet</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Indexing lanes</source>
        <translation>Bahnen werden indiziert</translation>
    </message>
    <message>
        <source>Finding tail windows</source>
        <translation>Tail-Fenster werden gesucht</translation>
    </message>
    <message>
        <source>Timeline ready</source>
        <translation>Zeitleiste bereit</translation>
    </message>
    <message>
        <source>no ranks</source>
        <translation>keine Ranks</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>Ranks %1</translation>
    </message>
    <message>
        <source>stream %1 (%2)</source>
        <translation>Stream %1 (%2)</translation>
    </message>
    <message>
        <source>group %1 (%2)</source>
        <translation>Gruppe %1 (%2)</translation>
    </message>
    <message>
        <source>%1 group (%2)</source>
        <translation>Gruppe %1 (%2)</translation>
    </message>
    <message>
        <source>no group (%1)</source>
        <translation>keine Gruppe (%1)</translation>
    </message>
</context>
<context>
    <name>VerificationText</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Canary</source>
        <translation>Canary</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Toleranz</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>%1 or %2 ppm</source>
        <translation>%1 oder %2 ppm</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>queue wait</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>hidden share</source>
        <translation>verdeckter Anteil</translation>
    </message>
    <message>
        <source>tail-event recall</source>
        <translation>Wiederfinden der Tail-Ereignisse</translation>
    </message>
    <message>
        <source>%1 ppm</source>
        <translation>%1 ppm</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>Paar</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 gegen %2</translation>
    </message>
    <message>
        <source>%1 (%2 vs %3)</source>
        <translation>%1 (%2 gegen %3)</translation>
    </message>
    <message>
        <source>agree</source>
        <translation>stimmt überein</translation>
    </message>
    <message>
        <source>DIFFER</source>
        <translation>ABWEICHEND</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Beleg</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Timing mode</source>
        <translation>Zeitmodus</translation>
    </message>
    <message>
        <source>Commitments</source>
        <translation>Commitments</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Behavioural fidelity</source>
        <translation>Verhaltenstreue</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Rangfolge</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>Every configuration pair and metric: the relation under the source and under the canary. Disagreements first.</source>
        <translation>Jedes Konfigurationspaar und jede Kennzahl: die Relation unter der Quelle und unter dem Canary. Abweichungen zuerst.</translation>
    </message>
    <message>
        <source>gap</source>
        <translation>Abstand</translation>
    </message>
    <message>
        <source>arrival offset</source>
        <translation>Ankunftsoffset</translation>
    </message>
    <message>
        <source>arrival skew</source>
        <translation>Ankunftsversatz</translation>
    </message>
    <message>
        <source>compute before</source>
        <translation>Rechenzeit davor</translation>
    </message>
    <message>
        <source>compute overlap</source>
        <translation>Rechenüberlappung</translation>
    </message>
    <message>
        <source>compute pressure (10⁻⁹)</source>
        <translation>Rechendruck (10⁻⁹)</translation>
    </message>
    <message>
        <source>exposed latency</source>
        <translation>exponierte Latenz</translation>
    </message>
    <message>
        <source>drift</source>
        <translation>Drift</translation>
    </message>
    <message>
        <source>Segment %1 (events %2 to %3)</source>
        <translation>Segment %1 (Ereignisse %2 bis %3)</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>The compiler&apos;s attested timing mode, re-checked against the source event by event. Drift (the cumulative issue-time error) is measured and shown; it follows from gap error and has no bound of its own.</source>
        <translation>Der vom Compiler bescheinigte Zeitmodus, Ereignis für Ereignis gegen die Quelle nachgeprüft. Die Drift (der kumulierte Fehler der Ausgabezeit) wird gemessen und angezeigt; sie folgt aus dem Abstandsfehler und hat keine eigene Schranke.</translation>
    </message>
    <message>
        <source>Attested by</source>
        <translation>Bescheinigt von</translation>
    </message>
    <message>
        <source>the compiler, in the canary header</source>
        <translation>dem Compiler, im Header des Canary</translation>
    </message>
    <message>
        <source>Re-checked by</source>
        <translation>Nachgeprüft durch</translation>
    </message>
    <message>
        <source>Canary events map onto source events</source>
        <translation>Canary-Ereignisse lassen sich Quellereignissen zuordnen</translation>
    </message>
    <message>
        <source>Segments checked</source>
        <translation>Geprüfte Segmente</translation>
    </message>
    <message>
        <source>Segments failing</source>
        <translation>Nicht bestandene Segmente</translation>
    </message>
    <message>
        <source>Largest measured error: %1</source>
        <translation>Größter gemessener Fehler: %1</translation>
    </message>
    <message>
        <source>Declared bound: %1</source>
        <translation>Deklarierte Schranke: %1</translation>
    </message>
    <message>
        <source>%1/%2 segments recompute</source>
        <translation>%1/%2 Segmente durch Neuberechnung bestätigt</translation>
    </message>
    <message>
        <source>Each SHA-256 commitment of the canary recomputed from the source&apos;s canonical bytes.</source>
        <translation>Jedes SHA-256-Commitment des Canary, aus den kanonischen Bytes der Quelle neu berechnet.</translation>
    </message>
    <message>
        <source>Source (normalised SHA-256)</source>
        <translation>Quelle (normalisierte SHA-256)</translation>
    </message>
    <message>
        <source>Source the canary names</source>
        <translation>Vom Canary angegebene Quelle</translation>
    </message>
    <message>
        <source>The canary names this source</source>
        <translation>Der Canary gibt diese Quelle an</translation>
    </message>
    <message>
        <source>Source events</source>
        <translation>Quellereignisse</translation>
    </message>
    <message>
        <source>Source events the canary names</source>
        <translation>Vom Canary angegebene Quellereignisse</translation>
    </message>
    <message>
        <source>Covered range recomputes</source>
        <translation>Abgedeckter Bereich durch Neuberechnung bestätigt</translation>
    </message>
    <message>
        <source>Covered range recomputed as</source>
        <translation>Abgedeckter Bereich neu berechnet als</translation>
    </message>
    <message>
        <source>the chain of the segments&apos; commitments</source>
        <translation>die Kette der Segment-Commitments</translation>
    </message>
    <message>
        <source>the canonical bytes of the event range</source>
        <translation>die kanonischen Bytes des Ereignisbereichs</translation>
    </message>
    <message>
        <source>Segments whose commitment recomputes</source>
        <translation>Segmente, deren Commitment die Neuberechnung bestätigt</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Whether the canary covers the whole normalised source, and whether its header says so truthfully.</source>
        <translation>Ob der Canary die ganze normalisierte Quelle abdeckt und ob sein Header das wahrheitsgemäß angibt.</translation>
    </message>
    <message>
        <source>Coverage the canary declares</source>
        <translation>Vom Canary angegebene Abdeckung</translation>
    </message>
    <message>
        <source>Coverage found</source>
        <translation>Festgestellte Abdeckung</translation>
    </message>
    <message>
        <source>Covered source events</source>
        <translation>Abgedeckte Quellereignisse</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Kept runs of the subset</source>
        <translation>Behaltene Abschnitte der Teilmenge</translation>
    </message>
    <message>
        <source>Events the canary replays</source>
        <translation>Vom Canary wiedergegebene Ereignisse</translation>
    </message>
    <message>
        <source>Claim in the canary&apos;s header</source>
        <translation>Aussage im Header des Canary</translation>
    </message>
    <message>
        <source>present in both</source>
        <translation>in beiden vorhanden</translation>
    </message>
    <message>
        <source>hidden communication share</source>
        <translation>verdeckter Kommunikationsanteil</translation>
    </message>
    <message>
        <source>(no phase)</source>
        <translation>(keine Phase)</translation>
    </message>
    <message>
        <source>Every configuration and metric: source value, canary value, difference and tolerance. Failing checks first.</source>
        <translation>Jede Konfiguration und Kennzahl: Quellwert, Canary-Wert, Differenz und Toleranz. Fehlgeschlagene Prüfungen zuerst.</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Differenz</translation>
    </message>
    <message>
        <source>%1 (%2 samples)</source>
        <translation>%1 (%2 Stichproben)</translation>
    </message>
    <message>
        <source>%1 tail samples</source>
        <translation>%1 Tail-Stichproben</translation>
    </message>
    <message>
        <source>%1 recalled</source>
        <translation>%1 wiedergefunden</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>mindestens %1</translation>
    </message>
    <message>
        <source>tie</source>
        <translation>gleichauf</translation>
    </message>
    <message>
        <source>%1 faster</source>
        <translation>%1 schneller</translation>
    </message>
    <message>
        <source>%1/%2 decisions agree</source>
        <translation>%1/%2 Entscheidungen stimmen überein</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <comment>fidelity check: scope (phase or operation), its name, metric</comment>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>fidelity check: scope (latency or queue wait), metric</comment>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::AblationPanel</name>
    <message>
        <source>Simulator controls (a model, not physical interventions)</source>
        <translation>Simulator-Steuerungen (ein Modell, keine physischen Eingriffe)</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>ohne %1</translation>
    </message>
    <message>
        <source>isolated: every collective alone, as a microbenchmark</source>
        <translation>isoliert: jede Kollektivoperation allein, wie ein Mikrobenchmark</translation>
    </message>
    <message>
        <source>Which single control flips which decision appears here after a scan.</source>
        <translation>Welche einzelne Steuerung welche Entscheidung kippt, erscheint hier nach einer Ermittlung.</translation>
    </message>
    <message>
        <source>Scan what the ranking depends on</source>
        <translation>Abhängigkeiten der Rangfolge ermitteln</translation>
    </message>
    <message>
        <source>Replays under each control alone and lists which pairs each one flips</source>
        <translation>Gibt unter jeder Steuerung einzeln wieder und listet, welche Paare jede kippt</translation>
    </message>
    <message>
        <source>Ranking: configurations × metrics (position · latency)</source>
        <translation>Rangfolge: Konfigurationen × Kennzahlen (Platz · Latenz)</translation>
    </message>
    <message>
        <source>Pairwise decisions: &lt; first faster, &gt; second faster, ≈ tie (flipped ones marked)</source>
        <translation>Paarweise Entscheidungen: &lt; erste schneller, &gt; zweite schneller, ≈ gleichauf (gekippte markiert)</translation>
    </message>
    <message>
        <source>Open a trace to see its configuration ranking.</source>
        <translation>Öffnen Sie einen Trace, um seine Konfigurationsrangfolge zu sehen.</translation>
    </message>
    <message>
        <source>Replaying %1…</source>
        <translation>Wiedergabe %1…</translation>
    </message>
    <message>
        <source>Unablated replay under %1 configurations; toggle a control to see which decisions depend on it.</source>
        <translation>Nicht ablatierte Wiedergabe unter %1 Konfigurationen; schalten Sie eine Steuerung um, um zu sehen, welche Entscheidungen davon abhängen.</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Wird ermittelt…</translation>
    </message>
    <message>
        <source>Scanning what the ranking depends on</source>
        <translation>Abhängigkeiten der Rangfolge werden ermittelt</translation>
    </message>
    <message>
        <source>isolation</source>
        <translation>Isolation</translation>
    </message>
    <message>
        <source>%1 depends on %2</source>
        <translation>%1 hängt ab von %2</translation>
    </message>
    <message>
        <source>%1 vs %2: %3</source>
        <translation>%1 gegen %2: %3</translation>
    </message>
    <message>
        <source>No single control flips any decision: the ranking is robust to each.</source>
        <translation>Keine einzelne Steuerung kippt eine Entscheidung: Die Rangfolge ist gegen jede robust.</translation>
    </message>
    <message>
        <source>No decision flips %1 (replayed in %2).</source>
        <translation>Keine Entscheidung kippt %1 (Wiedergabe in %2).</translation>
    </message>
    <message>
        <source>%1 of %2 decisions flip %3 (replayed in %4):</source>
        <translation>%1 von %2 Entscheidungen kippen %3 (Wiedergabe in %4):</translation>
    </message>
</context>
<context>
    <name>cc::ui::AllreduceModelView</name>
    <message>
        <source>%1 (%2 GB/s per direction)</source>
        <translation>%1 (%2 GB/s je Richtung)</translation>
    </message>
    <message>
        <source>%1
%2 (consulted %3)
%4</source>
        <translation>%1
%2 (abgerufen am %3)
%4</translation>
    </message>
    <message>
        <source>Run a cell to compare its buckets with the model.</source>
        <translation>Führen Sie eine Zelle aus, um ihre Buckets mit dem Modell zu vergleichen.</translation>
    </message>
    <message>
        <source>Interconnect:</source>
        <translation>Interconnect:</translation>
    </message>
    <message>
        <source>The ring model has no latency term to fit for one rank: run at least two.</source>
        <translation>Das Ringmodell hat bei einem einzigen Rank keinen Latenzterm zum Anpassen: Führen Sie mindestens zwei aus.</translation>
    </message>
    <message>
        <source>Fitting α…</source>
        <translation>α wird angepasst…</translation>
    </message>
    <message>
        <source>Fitting the ring all-reduce model</source>
        <translation>Ring-All-Reduce-Modell wird angepasst</translation>
    </message>
    <message>
        <source>Ring all-reduce model (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B with p = %1, B = %2 (%3), α = %4 fitted to the %5 measured bucket(s); residual RMS %6.</source>
        <translation>Ring-All-Reduce-Modell (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B mit p = %1, B = %2 (%3), α = %4, angepasst an %5 gemessene(n) Bucket(s); Residuen-RMS %6.</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>The model could not be fitted: %1</source>
        <translation>Das Modell konnte nicht angepasst werden: %1</translation>
    </message>
    <message>
        <source>Per-bucket all-reduce latency: measured vs model</source>
        <translation>All-Reduce-Latenz je Bucket: gemessen gegen Modell</translation>
    </message>
    <message>
        <source>measured (slowest rank&apos;s median)</source>
        <translation>gemessen (Median des langsamsten Ranks)</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>model (ring, fitted α)</source>
        <translation>Modell (Ring, angepasstes α)</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>fitted to this cell</source>
        <translation>an diese Zelle angepasst</translation>
    </message>
    <message>
        <source>Load Calibration…</source>
        <translation>Kalibrierung laden…</translation>
    </message>
    <message>
        <source>Read a calibration file written by “commcanary capture calibrate” and draw the model with its α and bandwidth</source>
        <translation>Eine von „commcanary capture calibrate“ geschriebene Kalibrierungsdatei lesen und das Modell mit deren α und Bandbreite zeichnen</translation>
    </message>
    <message>
        <source>Calibration:</source>
        <translation>Kalibrierung:</translation>
    </message>
    <message>
        <source>Load Calibration</source>
        <translation>Kalibrierung laden</translation>
    </message>
    <message>
        <source>Calibration files (*.json);;All files (*)</source>
        <translation>Kalibrierungsdateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Reading the calibration file %1…</source>
        <translation>Die Kalibrierungsdatei %1 wird gelesen…</translation>
    </message>
    <message>
        <source>Reading a calibration file</source>
        <translation>Kalibrierungsdatei wird gelesen</translation>
    </message>
    <message>
        <source>calibration file: %1</source>
        <translation>Kalibrierungsdatei: %1</translation>
    </message>
    <message>
        <source>The calibration file %1 could not be read: %2</source>
        <translation>Die Kalibrierungsdatei %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Ring all-reduce model (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B with p = %1, α = %2 and B = %3 from the calibration file %4 (%5, %6/%7); residual RMS over the %8 measured bucket(s) %9.</source>
        <translation>Ring-All-Reduce-Modell (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B mit p = %1, α = %2 und B = %3 aus der Kalibrierungsdatei %4 (%5, %6/%7); Residuen-RMS über %8 gemessene(n) Bucket(s) %9.</translation>
    </message>
    <message>
        <source>The calibration ran %1 ranks and this cell %2: its α is used with the cell&apos;s p, so the model assumes the per-step latency does not depend on p.</source>
        <translation>Die Kalibrierung lief mit %1 Ranks, diese Zelle mit %2: Ihr α wird mit dem p der Zelle verwendet; das Modell nimmt also an, dass die Latenz je Schritt nicht von p abhängt.</translation>
    </message>
    <message>
        <source>microbenchmark (calibration file)</source>
        <translation>Mikrobenchmark (Kalibrierungsdatei)</translation>
    </message>
    <message>
        <source>microbenchmark</source>
        <translation>Mikrobenchmark</translation>
    </message>
    <message>
        <source>bucket size (log scale)</source>
        <translation>Bucket-Größe (logarithmisch)</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
</context>
<context>
    <name>cc::ui::Artifact</name>
    <message>
        <source>Trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <source>Canary</source>
        <translation>Canary</translation>
    </message>
    <message>
        <source>Replay report</source>
        <translation>Wiedergabebericht</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Verifikation</translation>
    </message>
    <message>
        <source>Configuration set</source>
        <translation>Konfigurationssatz</translation>
    </message>
    <message>
        <source>compiled from %1</source>
        <translation>kompiliert aus %1</translation>
    </message>
    <message>
        <source>searched from %1</source>
        <translation>per Suche gewonnen aus %1</translation>
    </message>
    <message>
        <source>reduced from %1</source>
        <translation>reduziert aus %1</translation>
    </message>
    <message>
        <source>Physical campaign</source>
        <translation>Physische Kampagne</translation>
    </message>
</context>
<context>
    <name>cc::ui::ArtifactModel</name>
    <message>
        <source>%1 (active)</source>
        <translation>%1 (aktiv)</translation>
    </message>
    <message>
        <source>Relation</source>
        <translation>Beziehung</translation>
    </message>
    <message>
        <source>Artifact</source>
        <translation>Artefakt</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Made in the workbench and not saved yet (File ▸ Save)</source>
        <translation>In der Workbench erzeugt und noch nicht gespeichert (Datei ▸ Speichern)</translation>
    </message>
</context>
<context>
    <name>cc::ui::ArtifactStore</name>
    <message>
        <source>same normalised trace as %1</source>
        <translation>gleicher normalisierter Trace wie %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>verifies %1</source>
        <translation>verifiziert %1</translation>
    </message>
    <message>
        <source>verified in %1</source>
        <translation>verifiziert in %1</translation>
    </message>
    <message>
        <source>source of %1 (%2)</source>
        <translation>Quelle von %1 (%2)</translation>
    </message>
</context>
<context>
    <name>cc::ui::BucketLatencyModel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Layout</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>Bucket</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>All-reduces</source>
        <translation>All-Reduces</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
</context>
<context>
    <name>cc::ui::BudgetForm</name>
    <message>
        <source>Gap error bound (µs)</source>
        <translation>Fehlerschranke für Abstand (µs)</translation>
    </message>
    <message>
        <source>Arrival-skew error bound (µs)</source>
        <translation>Fehlerschranke für Ankunftsversatz (µs)</translation>
    </message>
    <message>
        <source>Compute-overlap error bound (µs)</source>
        <translation>Fehlerschranke für Rechenüberlappung (µs)</translation>
    </message>
    <message>
        <source>Compute-before error bound (µs)</source>
        <translation>Fehlerschranke für Rechenzeit davor (µs)</translation>
    </message>
    <message>
        <source>Exposed-latency error bound (µs)</source>
        <translation>Fehlerschranke für exponierte Latenz (µs)</translation>
    </message>
    <message>
        <source>Compute-pressure error bound (factor)</source>
        <translation>Fehlerschranke für Rechendruck (Faktor)</translation>
    </message>
    <message>
        <source>no bound</source>
        <translation>keine Schranke</translation>
    </message>
    <message>
        <source>Option --%1 of the command line</source>
        <translation>Option --%1 der Befehlszeile</translation>
    </message>
</context>
<context>
    <name>cc::ui::CampaignConfigurationModel</name>
    <message>
        <source>%1 under %2: mean of %3 recorded passes</source>
        <translation>%1 unter %2: Mittelwert von %3 aufgezeichneten Durchläufen</translation>
    </message>
    <message>
        <source>W-full (the real workload) under %1: mean step time of %2 recorded iterations</source>
        <translation>W-full (die echte Arbeitslast) unter %1: mittlere Schrittzeit von %2 aufgezeichneten Iterationen</translation>
    </message>
    <message>
        <source>W-full
mean step</source>
        <translation>W-full
mittl. Schritt</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>The ground truth: the real workload&apos;s mean step time under the configuration</source>
        <translation>Die Grundwahrheit: die mittlere Schrittzeit der echten Arbeitslast unter der Konfiguration</translation>
    </message>
    <message>
        <source>%1: mean pass time under the configuration</source>
        <translation>%1: mittlere Durchlaufzeit unter der Konfiguration</translation>
    </message>
</context>
<context>
    <name>cc::ui::CampaignDecisionModel</name>
    <message>
        <source>✓ agrees</source>
        <translation>✓ stimmt überein</translation>
    </message>
    <message>
        <source>✗ disagrees</source>
        <translation>✗ widerspricht</translation>
    </message>
    <message>
        <source>= tie</source>
        <translation>= gleichauf</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>%1 is faster</source>
        <translation>%1 ist schneller</translation>
    </message>
    <message>
        <source>no order</source>
        <translation>keine Reihenfolge</translation>
    </message>
    <message>
        <source>W-full cannot separate %1 and %2 (a tie, left out of the agreement)</source>
        <translation>W-full kann %1 und %2 nicht trennen (gleichauf, nicht in der Übereinstimmung gezählt)</translation>
    </message>
    <message>
        <source>W-full: %1</source>
        <translation>W-full: %1</translation>
    </message>
    <message>
        <source>%1; %2: %3</source>
        <translation>%1; %2: %3</translation>
    </message>
    <message>
        <source>%1 of %2 decided pairs kept</source>
        <translation>%1 von %2 entschiedenen Paaren beibehalten</translation>
    </message>
    <message>
        <source>%1: agreement %2, Kendall tau %3, %4 decided and %5 tied pairs</source>
        <translation>%1: Übereinstimmung %2, Kendall tau %3, %4 entschiedene und %5 gleichauf liegende Paare</translation>
    </message>
    <message>
        <source>%1
vs %2</source>
        <translation>%1
gegen %2</translation>
    </message>
    <message>
        <source>W-full cannot separate these two configurations: a tie for every proxy</source>
        <translation>W-full kann diese beiden Konfigurationen nicht trennen: gleichauf für jeden Proxy</translation>
    </message>
    <message>
        <source>W-full: %1 is faster</source>
        <translation>W-full: %1 ist schneller</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>Übereinstimmung</translation>
    </message>
    <message>
        <source>Kendall tau</source>
        <translation>Kendall tau</translation>
    </message>
    <message>
        <source>Decided</source>
        <translation>Entschieden</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>Gleichauf</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>Share of the pairs W-full decides on which the proxy orders the two configurations the same way</source>
        <translation>Anteil der von W-full entschiedenen Paare, bei denen der Proxy die beiden Konfigurationen gleich ordnet</translation>
    </message>
    <message>
        <source>Kendall tau-b of the proxy&apos;s order of the configurations against W-full&apos;s</source>
        <translation>Kendall tau-b der Konfigurationsreihenfolge des Proxys gegenüber der von W-full</translation>
    </message>
    <message>
        <source>Pairs W-full separates</source>
        <translation>Paare, die W-full trennt</translation>
    </message>
    <message>
        <source>Pairs W-full cannot separate (left out of the agreement)</source>
        <translation>Paare, die W-full nicht trennen kann (nicht in der Übereinstimmung gezählt)</translation>
    </message>
    <message>
        <source>Wall time of the proxy&apos;s replays under every configuration</source>
        <translation>Laufzeit der Wiedergaben des Proxys unter allen Konfigurationen</translation>
    </message>
</context>
<context>
    <name>cc::ui::CampaignLauncher</name>
    <message>
        <source>A physical campaign runs the matrix&apos;s one capture cell under every physical configuration (the real workload, W-full), then replays the source trace, its canary and the baselines under each, and scores every proxy&apos;s ranking against W-full.</source>
        <translation>Eine physische Kampagne führt die eine Capture-Zelle der Matrix unter jeder physischen Konfiguration aus (die echte Arbeitslast, W-full), gibt dann den Quell-Trace, sein Canary und die Baselines unter jeder wieder und bewertet die Rangfolge jedes Proxys gegen W-full.</translation>
    </message>
    <message>
        <source>A capture matrix, as capture sweep reads it, that plans exactly one cell</source>
        <translation>Eine Capture-Matrix, wie capture sweep sie liest, die genau eine Zelle plant</translation>
    </message>
    <message>
        <source>The physical configurations to run the cell and every proxy under (at least two)</source>
        <translation>Die physischen Konfigurationen, unter denen die Zelle und jeder Proxy laufen (mindestens zwei)</translation>
    </message>
    <message>
        <source>The results folder: absent or empty, or a campaign of the same setup to resume</source>
        <translation>Der Ergebnisordner: nicht vorhanden oder leer, oder eine Kampagne derselben Einrichtung zum Fortsetzen</translation>
    </message>
    <message>
        <source>Resume the campaign in this folder (keep every complete cell and replay)</source>
        <translation>Die Kampagne in diesem Ordner fortsetzen (jede vollständige Zelle und Wiedergabe behalten)</translation>
    </message>
    <message>
        <source>Recorded passes per replay and configuration (at least 2: ties need a spread)</source>
        <translation>Aufgezeichnete Durchläufe je Wiedergabe und Konfiguration (mindestens 2: Gleichstände brauchen eine Streuung)</translation>
    </message>
    <message>
        <source>Unrecorded passes before them</source>
        <translation>Nicht aufgezeichnete Durchläufe davor</translation>
    </message>
    <message>
        <source>Baselines to score beside the canary (isolated, random, frequency, cluster, stratified; empty for none)</source>
        <translation>Baselines, die neben dem Canary bewertet werden (isolated, random, frequency, cluster, stratified; leer für keine)</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Sample count of every baseline</source>
        <translation>Stichprobenanzahl jeder Baseline</translation>
    </message>
    <message>
        <source>Also the ddmin-reduced trace</source>
        <translation>Auch den mit ddmin reduzierten Trace</translation>
    </message>
    <message>
        <source>Its search runs the simulator many times</source>
        <translation>Seine Suche führt den Simulator viele Male aus</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Matrix:</source>
        <translation>Matrix:</translation>
    </message>
    <message>
        <source>Capture matrix</source>
        <translation>Capture-Matrix</translation>
    </message>
    <message>
        <source>Physical configurations:</source>
        <translation>Physische Konfigurationen:</translation>
    </message>
    <message>
        <source>Physical configuration set</source>
        <translation>Physischer Konfigurationssatz</translation>
    </message>
    <message>
        <source>Results folder:</source>
        <translation>Ergebnisordner:</translation>
    </message>
    <message>
        <source>Results folder</source>
        <translation>Ergebnisordner</translation>
    </message>
    <message>
        <source>Repeats:</source>
        <translation>Wiederholungen:</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>Aufwärmen:</translation>
    </message>
    <message>
        <source>Baseline samples:</source>
        <translation>Baseline-Stichproben:</translation>
    </message>
    <message>
        <source>Passes:</source>
        <translation>Durchläufe:</translation>
    </message>
    <message>
        <source>Baselines:</source>
        <translation>Baselines:</translation>
    </message>
    <message>
        <source>Launch Campaign</source>
        <translation>Kampagne starten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the campaign: the running ranks are terminated; what completed stays for resume</source>
        <translation>Die Kampagne stoppen: Die laufenden Ranks werden beendet; was fertig ist, bleibt zum Fortsetzen erhalten</translation>
    </message>
    <message>
        <source>Running: %1</source>
        <translation>Läuft: %1</translation>
    </message>
    <message>
        <source>Cancelled: the running ranks were stopped and no results were written; what completed is kept in %1 for resume.</source>
        <translation>Abgebrochen: Die laufenden Ranks wurden gestoppt und keine Ergebnisse geschrieben; was fertig ist, bleibt in %1 zum Fortsetzen erhalten.</translation>
    </message>
    <message>
        <source>A campaign is running; cancel it or wait for it to end.</source>
        <translation>Eine Kampagne läuft; brechen Sie sie ab oder warten Sie, bis sie endet.</translation>
    </message>
    <message>
        <source>Choose a capture matrix that plans one cell.</source>
        <translation>Wählen Sie eine Capture-Matrix, die eine Zelle plant.</translation>
    </message>
    <message>
        <source>Choose a physical configuration set.</source>
        <translation>Wählen Sie einen physischen Konfigurationssatz.</translation>
    </message>
    <message>
        <source>Choose a results folder.</source>
        <translation>Wählen Sie einen Ergebnisordner.</translation>
    </message>
    <message>
        <source>Launch is disabled: %1</source>
        <translation>Starten ist deaktiviert: %1</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Checking the campaign…</source>
        <translation>Kampagne wird geprüft…</translation>
    </message>
    <message>
        <source>Physical campaign in %1</source>
        <translation>Physische Kampagne in %1</translation>
    </message>
    <message>
        <source>The campaign could not run: %1</source>
        <translation>Die Kampagne konnte nicht laufen: %1</translation>
    </message>
    <message>
        <source>Cancelling: stopping the running ranks…</source>
        <translation>Wird abgebrochen: Die laufenden Ranks werden gestoppt…</translation>
    </message>
    <message>
        <source>%1 cells and %2 replays run, %3 cells and %4 replays kept from before</source>
        <translation>%1 Zellen und %2 Wiedergaben ausgeführt, %3 Zellen und %4 Wiedergaben von vorher behalten</translation>
    </message>
    <message>
        <source>Failed: %1 (%2). No results were written; resume to retry.</source>
        <translation>Fehlgeschlagen: %1 (%2). Es wurden keine Ergebnisse geschrieben; setzen Sie fort, um es erneut zu versuchen.</translation>
    </message>
    <message>
        <source>Completed: %1 is open in the Physical view (%2).</source>
        <translation>Abgeschlossen: %1 ist in der Ansicht „Physisch“ geöffnet (%2).</translation>
    </message>
</context>
<context>
    <name>cc::ui::CanaryVerifier</name>
    <message>
        <source>Choose a canary to verify.</source>
        <translation>Wählen Sie einen zu verifizierenden Canary.</translation>
    </message>
    <message>
        <source>Open the trace %1 was made from first: its normalised SHA-256 must be %2.</source>
        <translation>Öffnen Sie zuerst den Trace, aus dem %1 erstellt wurde: Seine normalisierte SHA-256 muss %2 sein.</translation>
    </message>
    <message>
        <source>Verify behaviour</source>
        <translation>Verhalten verifizieren</translation>
    </message>
    <message>
        <source>verification of %1</source>
        <translation>Verifikation von %1</translation>
    </message>
    <message>
        <source>Verifying the behaviour of %1</source>
        <translation>Verhalten von %1 wird verifiziert</translation>
    </message>
</context>
<context>
    <name>cc::ui::CaptureForm</name>
    <message>
        <source>Number of ranks: one worker process each</source>
        <translation>Anzahl der Ranks: je ein Worker-Prozess</translation>
    </message>
    <message>
        <source>gloo</source>
        <translation>gloo</translation>
    </message>
    <message>
        <source>nccl</source>
        <translation>nccl</translation>
    </message>
    <message>
        <source>CPU tensors</source>
        <translation>CPU-Tensoren</translation>
    </message>
    <message>
        <source>CUDA tensors</source>
        <translation>CUDA-Tensoren</translation>
    </message>
    <message>
        <source>Residual MLP</source>
        <translation>Residual-MLP</translation>
    </message>
    <message>
        <source>GPT-style decoder</source>
        <translation>Decoder im GPT-Stil</translation>
    </message>
    <message>
        <source>Target parameter count: 1M, 10M, 150M, 400M, 2500000, …</source>
        <translation>Angestrebte Parameterzahl: 1M, 10M, 150M, 400M, 2500000, …</translation>
    </message>
    <message>
        <source>Recorded iterations</source>
        <translation>Aufgezeichnete Iterationen</translation>
    </message>
    <message>
        <source>Warm-up iterations before recording, excluded from every result</source>
        <translation>Aufwärm-Iterationen vor der Aufzeichnung, aus allen Ergebnissen ausgeschlossen</translation>
    </message>
    <message>
        <source>Gradient bucket cap in MiB (DDP&apos;s bucket_cap_mb), e.g. 25 or 0.5</source>
        <translation>Obergrenze der Gradienten-Buckets in MiB (bucket_cap_mb von DDP), z. B. 25 oder 0.5</translation>
    </message>
    <message>
        <source>measured (MemAvailable)</source>
        <translation>gemessen (MemAvailable)</translation>
    </message>
    <message>
        <source>Declared host memory budget, e.g. 12GiB; empty: what /proc/meminfo says is available</source>
        <translation>Deklariertes Host-Speicherbudget, z. B. 12GiB; leer: was /proc/meminfo als verfügbar meldet</translation>
    </message>
    <message>
        <source>measured (free device memory)</source>
        <translation>gemessen (freier Gerätespeicher)</translation>
    </message>
    <message>
        <source>Declared budget per CUDA device, e.g. 70GiB; empty: its free memory</source>
        <translation>Deklariertes Budget je CUDA-Gerät, z. B. 70GiB; leer: dessen freier Speicher</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The whole cell must finish within this time of its start; then every rank is stopped</source>
        <translation>Die ganze Zelle muss innerhalb dieser Zeit ab ihrem Start fertig sein; danach wird jeder Rank gestoppt</translation>
    </message>
    <message>
        <source>World size:</source>
        <translation>World Size:</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>Backend:</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Gerät:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Model size (parameters):</source>
        <translation>Modellgröße (Parameter):</translation>
    </message>
    <message>
        <source>Iterations:</source>
        <translation>Iterationen:</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>Aufwärmen:</translation>
    </message>
    <message>
        <source>Bucket cap (MiB):</source>
        <translation>Bucket-Obergrenze (MiB):</translation>
    </message>
    <message>
        <source>Host memory budget:</source>
        <translation>Host-Speicherbudget:</translation>
    </message>
    <message>
        <source>Device memory budget:</source>
        <translation>Gerätespeicherbudget:</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>Zeitlimit:</translation>
    </message>
    <message>
        <source>The model size must be a parameter count such as 1M, 10M, 400M or 2500000 (got &quot;%1&quot;).</source>
        <translation>Die Modellgröße muss eine Parameterzahl wie 1M, 10M, 400M oder 2500000 sein (erhalten: „%1“).</translation>
    </message>
    <message>
        <source>The bucket cap must be a positive size in MiB such as 25 or 0.5 (got &quot;%1&quot;).</source>
        <translation>Die Bucket-Obergrenze muss eine positive Größe in MiB wie 25 oder 0.5 sein (erhalten: „%1“).</translation>
    </message>
    <message>
        <source>The %1 must be a size such as 12GiB, 9.34GiB or 512MiB (got &quot;%2&quot;).</source>
        <translation>Das %1 muss eine Größe wie 12GiB, 9.34GiB oder 512MiB sein (erhalten: „%2“).</translation>
    </message>
    <message>
        <source>host memory budget</source>
        <translation>Host-Speicherbudget</translation>
    </message>
    <message>
        <source>device memory budget</source>
        <translation>Gerätespeicherbudget</translation>
    </message>
    <message>
        <source>The cell is not valid: %1.</source>
        <translation>Die Zelle ist ungültig: %1.</translation>
    </message>
</context>
<context>
    <name>cc::ui::CapturePanel</name>
    <message>
        <source>the loader accepted the cell but it names no merged trace</source>
        <translation>der Loader hat die Zelle angenommen, aber sie nennt keinen zusammengeführten Trace</translation>
    </message>
    <message>
        <source>the merged trace of the cell was refused: %1</source>
        <translation>der zusammengeführte Trace der Zelle wurde abgelehnt: %1</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>nicht definiert</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Run the cell: one capture worker process per rank</source>
        <translation>Zelle ausführen: ein Capture-Worker-Prozess je Rank</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the running cell: every rank of its process group is terminated</source>
        <translation>Laufende Zelle stoppen: Jeder Rank ihrer Prozessgruppe wird beendet</translation>
    </message>
    <message>
        <source>Probe Again</source>
        <translation>Erneut untersuchen</translation>
    </message>
    <message>
        <source>Ask the capture worker again what this machine can run, and read the free memory</source>
        <translation>Den Capture-Worker erneut fragen, was diese Maschine ausführen kann, und den freien Speicher auslesen</translation>
    </message>
    <message>
        <source>Each cell is written into a new folder inside this one</source>
        <translation>Jede Zelle wird in einen neuen Ordner innerhalb dieses Ordners geschrieben</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Zelle</translation>
    </message>
    <message>
        <source>Output folder:</source>
        <translation>Ausgabeordner:</translation>
    </message>
    <message>
        <source>Memory feasibility</source>
        <translation>Speicher-Machbarkeit</translation>
    </message>
    <message>
        <source>No cell has run yet.</source>
        <translation>Es wurde noch keine Zelle ausgeführt.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführung</translation>
    </message>
    <message>
        <source>The metrics of a completed cell appear here.</source>
        <translation>Die Kennzahlen einer abgeschlossenen Zelle erscheinen hier.</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Matrix</source>
        <translation>Matrix</translation>
    </message>
    <message>
        <source>Cancelled: every rank was stopped and no manifest was written, so nothing from the cell is loaded (%1).</source>
        <translation>Abgebrochen: Alle Ranks wurden gestoppt und es wurde kein Manifest geschrieben, daher wird nichts aus der Zelle geladen (%1).</translation>
    </message>
    <message>
        <source>This machine is probed when the panel is first brought up (or with Probe Again).</source>
        <translation>Diese Maschine wird untersucht, sobald das Panel zum ersten Mal angezeigt wird (oder mit „Erneut untersuchen“).</translation>
    </message>
    <message>
        <source>Folder for capture cells</source>
        <translation>Ordner für Capture-Zellen</translation>
    </message>
    <message>
        <source>Probing what this machine can capture with…</source>
        <translation>Es wird untersucht, womit diese Maschine aufzeichnen kann…</translation>
    </message>
    <message>
        <source>Probing the capture worker</source>
        <translation>Capture-Worker wird untersucht</translation>
    </message>
    <message>
        <source>Worker: %1</source>
        <translation>Worker: %1</translation>
    </message>
    <message>
        <source>libtorch %1; gloo %2; NCCL %3; CUDA devices: %4</source>
        <translation>libtorch %1; gloo %2; NCCL %3; CUDA-Geräte: %4</translation>
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
        <source>The worker could not describe itself: %1</source>
        <translation>Der Worker konnte sich nicht beschreiben: %1</translation>
    </message>
    <message>
        <source>Host memory available: %1</source>
        <translation>Verfügbarer Host-Speicher: %1</translation>
    </message>
    <message>
        <source>Probing this machine failed: %1</source>
        <translation>Untersuchung dieser Maschine fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Probing this machine for its memory budgets…</source>
        <translation>Speicherbudgets dieser Maschine werden ermittelt…</translation>
    </message>
    <message>
        <source>The verdict appears once this machine is probed.</source>
        <translation>Das Urteil erscheint, sobald diese Maschine untersucht ist.</translation>
    </message>
    <message>
        <source>Checking the cell against the memory budgets</source>
        <translation>Zelle wird gegen die Speicherbudgets geprüft</translation>
    </message>
    <message>
        <source>The cell could not be planned: %1</source>
        <translation>Die Zelle konnte nicht geplant werden: %1</translation>
    </message>
    <message>
        <source>A cell is running; cancel it or wait for it to end.</source>
        <translation>Eine Zelle läuft; brechen Sie sie ab oder warten Sie, bis sie endet.</translation>
    </message>
    <message>
        <source>Probing this machine…</source>
        <translation>Diese Maschine wird untersucht…</translation>
    </message>
    <message>
        <source>This machine has not been probed yet.</source>
        <translation>Diese Maschine wurde noch nicht untersucht.</translation>
    </message>
    <message>
        <source>Checking the cell against the memory budgets…</source>
        <translation>Zelle wird gegen die Speicherbudgets geprüft…</translation>
    </message>
    <message>
        <source>%1 over %2 tensors cannot run on this machine: %3</source>
        <translation>%1 mit %2-Tensoren kann auf dieser Maschine nicht laufen: %3</translation>
    </message>
    <message>
        <source>The memory guard refuses this cell (binding pool: %1): %2</source>
        <translation>Der Speicherwächter lehnt diese Zelle ab (bindender Pool: %1): %2</translation>
    </message>
    <message>
        <source>Choose an output folder for the cell.</source>
        <translation>Wählen Sie einen Ausgabeordner für die Zelle.</translation>
    </message>
    <message>
        <source>Ready: the cell fits every memory pool and can run here.</source>
        <translation>Bereit: Die Zelle passt in jeden Speicherpool und kann hier laufen.</translation>
    </message>
    <message>
        <source>Launch is disabled: %1</source>
        <translation>Starten ist deaktiviert: %1</translation>
    </message>
    <message>
        <source>Running %1 in %2…</source>
        <translation>%1 läuft in %2…</translation>
    </message>
    <message>
        <source>Capturing %1</source>
        <translation>%1 wird aufgezeichnet</translation>
    </message>
    <message>
        <source>The cell could not run: %1</source>
        <translation>Die Zelle konnte nicht ausgeführt werden: %1</translation>
    </message>
    <message>
        <source>Cancelling: stopping every rank…</source>
        <translation>Wird abgebrochen: Alle Ranks werden gestoppt…</translation>
    </message>
    <message numerus="yes">
        <source>[%n earlier line(s) not shown here; every line is in the rank logs]</source>
        <translation>
            <numerusform>[%n frühere Zeile hier nicht angezeigt; jede Zeile steht in den Rank-Logs]</numerusform>
            <numerusform>[%n frühere Zeilen hier nicht angezeigt; jede Zeile steht in den Rank-Logs]</numerusform>
        </translation>
    </message>
    <message>
        <source>[rank %1] %2</source>
        <translation>[Rank %1] %2</translation>
    </message>
    <message>
        <source>Refused: %1. No rank was started; the estimate, budget and arithmetic are in %2.</source>
        <translation>Abgelehnt: %1. Es wurde kein Rank gestartet; Schätzung, Budget und Rechnung stehen in %2.</translation>
    </message>
    <message>
        <source>Failed: %1. No manifest was written, so nothing from the cell is loaded; what happened is in %2.</source>
        <translation>Fehlgeschlagen: %1. Es wurde kein Manifest geschrieben, daher wird nichts aus der Zelle geladen; was geschehen ist, steht in %2.</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>Kann hier nicht laufen: %1</translation>
    </message>
    <message>
        <source>rank %1: overlap efficiency %2, communication overhead %3</source>
        <translation>Rank %1: Überlappungseffizienz %2, Kommunikations-Overhead %3</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>Completed: the merged trace %1 is open in the workbench (timeline, distributions); the cell is in %2.</source>
        <translation>Abgeschlossen: Der zusammengeführte Trace %1 ist in der Workbench geöffnet (Zeitleiste, Verteilungen); die Zelle liegt in %2.</translation>
    </message>
    <message>
        <source>[rank %1] warming up (%2 iterations in all)</source>
        <translation>[Rank %1] Aufwärmen (%2 Iterationen insgesamt)</translation>
    </message>
    <message>
        <source>[rank %1] recording (%2 of %3 iterations done)</source>
        <translation>[Rank %1] Aufzeichnung (%2 von %3 Iterationen erledigt)</translation>
    </message>
    <message>
        <source>[rank %1] done: %2 iterations</source>
        <translation>[Rank %1] fertig: %2 Iterationen</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Kampagne</translation>
    </message>
    <message>
        <source>A campaign is running; cancel it or wait for it to end.</source>
        <translation>Eine Kampagne läuft; brechen Sie sie ab oder warten Sie, bis sie endet.</translation>
    </message>
</context>
<context>
    <name>cc::ui::CompileDialog</name>
    <message>
        <source>Compile a Canary</source>
        <translation>Canary kompilieren</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Zeitverhalten</translation>
    </message>
    <message>
        <source>Lossless: every modelled field exact (exact encodings only)</source>
        <translation>Verlustfrei: jedes modellierte Feld exakt (nur exakte Kodierungen)</translation>
    </message>
    <message>
        <source>Bounded: approximate timing within the budget below, fail closed</source>
        <translation>Beschränkt: Zeitverhalten innerhalb des Budgets unten angenähert; im Zweifel ablehnen (fail closed)</translation>
    </message>
    <message>
        <source>Timing samples per operation group</source>
        <translation>Zeitstichproben je Operationsgruppe</translation>
    </message>
    <message>
        <source>whole trace</source>
        <translation>ganzer Trace</translation>
    </message>
    <message>
        <source>Compile only the first N events; the canary is then labelled partial</source>
        <translation>Nur die ersten N Ereignisse kompilieren; der Canary wird dann als partiell gekennzeichnet</translation>
    </message>
    <message>
        <source>Prefix (events)</source>
        <translation>Präfix (Ereignisse)</translation>
    </message>
    <message>
        <source>Strict compilation</source>
        <translation>Strikte Kompilierung</translation>
    </message>
    <message>
        <source>Verify behaviour before emitting; refuse a canary that fails any status</source>
        <translation>Verhalten vor der Ausgabe verifizieren; einen Canary ablehnen, der einen Status nicht besteht</translation>
    </message>
    <message>
        <source>strict compilation</source>
        <translation>strikte Kompilierung</translation>
    </message>
    <message>
        <source>Compiling %1</source>
        <translation>%1 wird kompiliert</translation>
    </message>
    <message>
        <source>%1 logical events in %2 stored, %3 (timing %4, coverage %5, claim %6).</source>
        <translation>%1 logische Ereignisse in %2 gespeicherten, %3 (Zeitverhalten %4, Abdeckung %5, Aussage %6).</translation>
    </message>
    <message>
        <source>Refused, nothing was added: %1</source>
        <translation>Abgelehnt, nichts wurde hinzugefügt: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::ConfigTimingModel</name>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Rank wait</source>
        <translation>Rank-Wartezeit</translation>
    </message>
    <message>
        <source>Queue wait</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>Verdeckt</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>%1 (canary)</source>
        <translation>%1 (Canary)</translation>
    </message>
</context>
<context>
    <name>cc::ui::DiagnosticsModel</name>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistillController</name>
    <message>
        <source>&amp;Distil</source>
        <translation>&amp;Destillieren</translation>
    </message>
    <message>
        <source>&amp;Compile Canary…</source>
        <translation>Canary &amp;kompilieren…</translation>
    </message>
    <message>
        <source>Behaviour &amp;Search…</source>
        <translation>Verhaltens&amp;suche…</translation>
    </message>
    <message>
        <source>&amp;Reduce (ddmin)…</source>
        <translation>&amp;Reduzieren (ddmin)…</translation>
    </message>
    <message>
        <source>&amp;Verify Canary</source>
        <translation>Canary &amp;verifizieren</translation>
    </message>
    <message>
        <source>Run verify-behavior on the selected canary against its source trace</source>
        <translation>verify-behavior auf dem ausgewählten Canary gegen seinen Quell-Trace ausführen</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistillDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Cancel Job</source>
        <translation>Auftrag a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Verify Result</source>
        <translation>Ergebnis &amp;verifizieren</translation>
    </message>
    <message>
        <source>Run verify-behavior on the result against its source trace and open it in the stepper</source>
        <translation>verify-behavior auf dem Ergebnis gegen seinen Quell-Trace ausführen und es in der Schrittansicht öffnen</translation>
    </message>
    <message>
        <source>&amp;Save Result…</source>
        <translation>Ergebnis &amp;speichern…</translation>
    </message>
    <message>
        <source>C&amp;lose</source>
        <translation>Schl&amp;ießen</translation>
    </message>
    <message>
        <source>Cancelled: the job stopped and nothing was added.</source>
        <translation>Abgebrochen: Der Auftrag wurde gestoppt und nichts wurde hinzugefügt.</translation>
    </message>
    <message>
        <source>Replaced by a newer run.</source>
        <translation>Durch einen neueren Lauf ersetzt.</translation>
    </message>
    <message>
        <source>The job failed.</source>
        <translation>Der Auftrag ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>&lt;b&gt;No trace is open.&lt;/b&gt; Open a trace first; the job runs on the active trace.</source>
        <translation>&lt;b&gt;Kein Trace geöffnet.&lt;/b&gt; Öffnen Sie zuerst einen Trace; der Auftrag läuft auf dem aktiven Trace.</translation>
    </message>
    <message>
        <source>Source trace: &lt;b&gt;%1&lt;/b&gt; (%2 events)&lt;br&gt;Configuration set: &lt;b&gt;%3&lt;/b&gt; (%4 configurations; change it in the artifact browser)</source>
        <translation>Quell-Trace: &lt;b&gt;%1&lt;/b&gt; (%2 Ereignisse)&lt;br&gt;Konfigurationssatz: &lt;b&gt;%3&lt;/b&gt; (%4 Konfigurationen; im Artefakt-Browser änderbar)</translation>
    </message>
    <message>
        <source>Open a trace first: the job runs on the active trace.</source>
        <translation>Öffnen Sie zuerst einen Trace: Der Auftrag läuft auf dem aktiven Trace.</translation>
    </message>
    <message>
        <source>Choose a configuration set first.</source>
        <translation>Wählen Sie zuerst einen Konfigurationssatz.</translation>
    </message>
    <message>
        <source>Invalid option: %1</source>
        <translation>Ungültige Option: %1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Running on %1…</source>
        <translation>Läuft auf %1…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Added %1 to the artifacts. %2</source>
        <translation>%1 zu den Artefakten hinzugefügt. %2</translation>
    </message>
    <message>
        <source>There is no result to save.</source>
        <translation>Es gibt kein Ergebnis zum Speichern.</translation>
    </message>
    <message>
        <source>Saved %1 (%2).</source>
        <translation>%1 gespeichert (%2).</translation>
    </message>
    <message>
        <source>Save Result</source>
        <translation>Ergebnis speichern</translation>
    </message>
    <message>
        <source>Canaries (*.canary.json);;All files (*)</source>
        <translation>Canaries (*.canary.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The save was cancelled; nothing was written.</source>
        <translation>Das Speichern wurde abgebrochen; es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>%1 wird gespeichert…</translation>
    </message>
    <message>
        <source>Saving %1</source>
        <translation>%1 wird gespeichert</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistributionPanel</name>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation>Phase:</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>Operation:</translation>
    </message>
    <message>
        <source>Waiting for the replay…</source>
        <translation>Warten auf die Wiedergabe…</translation>
    </message>
    <message>
        <source>Open a trace to see its distributions.</source>
        <translation>Öffnen Sie einen Trace, um seine Verteilungen zu sehen.</translation>
    </message>
    <message>
        <source>Computing latency distributions</source>
        <translation>Latenzverteilungen werden berechnet</translation>
    </message>
    <message>
        <source>Replay %1 · a model, not a measurement of hardware</source>
        <translation>Wiedergabe %1 · ein Modell, keine Messung von Hardware</translation>
    </message>
    <message>
        <source>all phases</source>
        <translation>alle Phasen</translation>
    </message>
    <message>
        <source>all operations</source>
        <translation>alle Operationen</translation>
    </message>
    <message>
        <source>%1 p50/p95/p99/max</source>
        <translation>%1 p50/p95/p99/max</translation>
    </message>
    <message>
        <source>CommCanary latency distributions</source>
        <translation>CommCanary-Latenzverteilungen</translation>
    </message>
    <message>
        <source>Export distributions</source>
        <translation>Verteilungen exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>queue wait</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Anzeigen:</translation>
    </message>
    <message>
        <source>%1 · canary</source>
        <translation>%1 · Canary</translation>
    </message>
    <message>
        <source>%1 · source</source>
        <translation>%1 · Quelle</translation>
    </message>
    <message>
        <source>Replay %1 · source (solid) and canary %2 (dashed, darker) · a model, not a measurement of hardware</source>
        <translation>Wiedergabe %1 · Quelle (durchgezogen) und Canary %2 (gestrichelt, dunkler) · ein Modell, keine Messung von Hardware</translation>
    </message>
    <message>
        <source>Replay %1 · replaying the canary %2…</source>
        <translation>Wiedergabe %1 · Canary %2 wird wiedergegeben…</translation>
    </message>
    <message>
        <source>Save both charts as PNG or SVG, or their numbers as CSV</source>
        <translation>Beide Diagramme als PNG oder SVG speichern, oder ihre Zahlen als CSV</translation>
    </message>
    <message>
        <source>Charts as PNG or SVG…</source>
        <translation>Diagramme als PNG oder SVG…</translation>
    </message>
    <message>
        <source>Numbers as CSV…</source>
        <translation>Zahlen als CSV…</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>CDF</translation>
    </message>
    <message>
        <source>histogram share</source>
        <translation>Histogramm-Anteil</translation>
    </message>
    <message>
        <source>There are no distributions to export: replay a trace first.</source>
        <translation>Es gibt keine Verteilungen zum Exportieren: zuerst eine Trace wiedergeben.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export distribution numbers</source>
        <translation>Zahlen der Verteilungen exportieren</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV-Tabelle (*.csv)</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistributionSummaryModel</name>
    <message>
        <source>%1 (canary)</source>
        <translation>%1 (Canary)</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Stichproben</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max.</translation>
    </message>
    <message>
        <source>hidden share</source>
        <translation>verdeckter Anteil</translation>
    </message>
</context>
<context>
    <name>cc::ui::ErrorDialog</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found; nothing was loaded or written.</source>
        <translation>
            <numerusform>%n Problem gefunden; nichts wurde geladen oder geschrieben.</numerusform>
            <numerusform>%n Probleme gefunden; nichts wurde geladen oder geschrieben.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cc::ui::EventDetailsWidget</name>
    <message>
        <source>Click an event in the timeline to see its fields and its simulated timing under every configuration.</source>
        <translation>Klicken Sie auf ein Ereignis in der Zeitleiste, um seine Felder und sein simuliertes Zeitverhalten unter jeder Konfiguration zu sehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · event %2 of %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · Ereignis %2 von %3</translation>
    </message>
    <message>
        <source> · canary segment %1 (%2)</source>
        <translation> · Canary-Segment %1 (%2)</translation>
    </message>
</context>
<context>
    <name>cc::ui::FeasibilityView</name>
    <message>
        <source>No verdict yet.</source>
        <translation>Noch kein Urteil.</translation>
    </message>
    <message>
        <source>Feasible: every memory pool fits.</source>
        <translation>Machbar: Jeder Speicherpool reicht aus.</translation>
    </message>
    <message>
        <source>Refused by the memory guard: %1</source>
        <translation>Vom Speicherwächter abgelehnt: %1</translation>
    </message>
    <message>
        <source>Binding pool: %1 — demand %2 of a %3 budget (%4).</source>
        <translation>Bindender Pool: %1 — Bedarf %2 bei einem Budget von %3 (%4).</translation>
    </message>
    <message>
        <source>Binding pool: %1 — demand %2, budget unknown (%3).</source>
        <translation>Bindender Pool: %1 — Bedarf %2, Budget unbekannt (%3).</translation>
    </message>
</context>
<context>
    <name>cc::ui::JobError</name>
    <message>
        <source>The operation was cancelled.</source>
        <translation>Der Vorgang wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Out of memory.</source>
        <translation>Kein Speicher mehr verfügbar.</translation>
    </message>
    <message>
        <source>An unknown error occurred.</source>
        <translation>Ein unbekannter Fehler ist aufgetreten.</translation>
    </message>
    <message>
        <source>No error</source>
        <translation>Kein Fehler</translation>
    </message>
    <message>
        <source>Invalid input</source>
        <translation>Ungültige Eingabe</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>Ein-/Ausgabefehler</translation>
    </message>
    <message>
        <source>Negative result</source>
        <translation>Negatives Ergebnis</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation>Interner Fehler</translation>
    </message>
</context>
<context>
    <name>cc::ui::JobProgressWidget</name>
    <message>
        <source>Cancel this job</source>
        <translation>Diesen Auftrag abbrechen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source> (+%1 more)</source>
        <translation> (+%1 weitere)</translation>
    </message>
</context>
<context>
    <name>cc::ui::JobRunner</name>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>cc::ui::LayerLatencyModel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Gradient size</source>
        <translation>Gradientengröße</translation>
    </message>
    <message>
        <source>Latency per iteration</source>
        <translation>Latenz je Iteration</translation>
    </message>
    <message>
        <source>Latency, all iterations</source>
        <translation>Latenz, alle Iterationen</translation>
    </message>
</context>
<context>
    <name>cc::ui::MainWindow</name>
    <message>
        <source>The replay failed</source>
        <translation>Die Wiedergabe ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>Artifacts</source>
        <translation>Artefakte</translation>
    </message>
    <message>
        <source>Tail Windows</source>
        <translation>Tail-Fenster</translation>
    </message>
    <message>
        <source>Event Details</source>
        <translation>Ereignisdetails</translation>
    </message>
    <message>
        <source>Range Statistics</source>
        <translation>Bereichsstatistik</translation>
    </message>
    <message>
        <source>Latency Distributions</source>
        <translation>Latenzverteilungen</translation>
    </message>
    <message>
        <source>Ablations and Ranking</source>
        <translation>Ablationen und Rangfolge</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Verifikation</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Cancel Running Jobs</source>
        <translation>Laufende Aufträge &amp;abbrechen</translation>
    </message>
    <message>
        <source>&amp;Close Artifact</source>
        <translation>Artefakt &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Layout &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>&amp;Wiedergabe</translation>
    </message>
    <message>
        <source>&amp;Configuration</source>
        <translation>&amp;Konfiguration</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About CommCanary Workbench</source>
        <translation>Ü&amp;ber CommCanary Workbench</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Clear the List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Configuration: %1 (set %2)</source>
        <translation>Konfiguration: %1 (Satz %2)</translation>
    </message>
    <message>
        <source>Simulator controls: %1</source>
        <translation>Simulator-Steuerungen: %1</translation>
    </message>
    <message>
        <source>%1 — CommCanary Workbench</source>
        <translation>%1 — CommCanary Workbench</translation>
    </message>
    <message>
        <source>CommCanary Workbench</source>
        <translation>CommCanary Workbench</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>%1 wird geöffnet</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>CommCanary files (*.json *.json.gz);;Traces (*.trace.json *.json.gz);;All files (*)</source>
        <translation>CommCanary-Dateien (*.json *.json.gz);;Traces (*.trace.json *.json.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>About CommCanary Workbench</source>
        <translation>Über CommCanary Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CommCanary Workbench %1&lt;/h3&gt;&lt;p&gt;Distils communication traces of distributed LLM workloads into small, verified, replayable canaries.&lt;/p&gt;&lt;p&gt;Replays come from a deterministic scheduler model of contention and overlap: they are not measurements of hardware and not NCCL.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CommCanary Workbench %1&lt;/h3&gt;&lt;p&gt;Destilliert Kommunikations-Traces verteilter LLM-Workloads zu kleinen, verifizierten, wiedergabefähigen Canaries.&lt;/p&gt;&lt;p&gt;Wiedergaben stammen aus einem deterministischen Scheduler-Modell für Konkurrenz und Überlappung: Sie sind keine Messungen von Hardware und nicht NCCL.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes the next time the workbench starts.</source>
        <translation>Die Sprache ändert sich beim nächsten Start der Workbench.</translation>
    </message>
    <message>
        <source>Show in the Timeline</source>
        <translation>In der Zeitleiste zeigen</translation>
    </message>
    <message>
        <source>Replay under this Configuration Set</source>
        <translation>Unter diesem Konfigurationssatz wiedergeben</translation>
    </message>
    <message>
        <source>Verify against its Trace</source>
        <translation>Gegen seinen Trace verifizieren</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Verify behaviour</source>
        <translation>Verhalten verifizieren</translation>
    </message>
    <message>
        <source>Open a trace and a canary compiled from it first: the canary&apos;s source SHA-256 must equal the trace&apos;s normalised SHA-256.</source>
        <translation>Öffnen Sie zuerst einen Trace und einen daraus kompilierten Canary: Die Quell-SHA-256 des Canary muss der normalisierten SHA-256 des Trace entsprechen.</translation>
    </message>
    <message>
        <source>Verify report</source>
        <translation>Bericht verifizieren</translation>
    </message>
    <message>
        <source>Open the trace this report was replayed from first (its normalised SHA-256 is %1).</source>
        <translation>Öffnen Sie zuerst den Trace, aus dem dieser Bericht wiedergegeben wurde (seine normalisierte SHA-256 ist %1).</translation>
    </message>
    <message>
        <source>Verifying %1</source>
        <translation>%1 wird verifiziert</translation>
    </message>
    <message>
        <source>%1 replays bit for bit.</source>
        <translation>%1 lässt sich bitgenau wiedergeben.</translation>
    </message>
    <message>
        <source>%1 does not replay as written: %2</source>
        <translation>%1 lässt sich nicht wie geschrieben wiedergeben: %2</translation>
    </message>
    <message>
        <source>Compare Verifications</source>
        <translation>Verifikationen vergleichen</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Capture</translation>
    </message>
    <message>
        <source>&amp;Capture a Cell…</source>
        <translation>Zelle &amp;aufzeichnen…</translation>
    </message>
    <message>
        <source>Plan and run a real capture cell (worker processes, one per rank)</source>
        <translation>Eine echte Capture-Zelle planen und ausführen (Worker-Prozesse, einer je Rank)</translation>
    </message>
    <message>
        <source>Verify Behaviour</source>
        <translation>Verhalten verifizieren</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Latency Distributions as &amp;Image (PNG, SVG)…</source>
        <translation>Latenzverteilungen als &amp;Bild (PNG, SVG)…</translation>
    </message>
    <message>
        <source>Latency Distributions as &amp;Numbers (CSV)…</source>
        <translation>Latenzverteilungen als &amp;Zahlen (CSV)…</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>%1 importiert</translation>
    </message>
    <message>
        <source>%1 was imported from a PyTorch profiler (Kineto) file. The import is observational and single-rank: cross-rank skew, compute overlap and exposed latency are unknown.</source>
        <translation>%1 wurde aus einer PyTorch-Profiler-Datei (Kineto) importiert. Der Import ist beobachtend und betrifft nur einen Rank: Versatz zwischen Ranks, Überlappung mit Berechnung und sichtbare Latenz sind unbekannt.</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Physical</source>
        <translation>Physisch</translation>
    </message>
    <message>
        <source>Open traces, replay reports, configuration sets or campaign results</source>
        <translation>Traces, Wiedergabeberichte, Konfigurationssätze oder Kampagnenergebnisse öffnen</translation>
    </message>
    <message>
        <source>Show in the Physical View</source>
        <translation>In der Ansicht „Physisch“ zeigen</translation>
    </message>
</context>
<context>
    <name>cc::ui::PairMatrixModel</name>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1 (vorher %2)</translation>
    </message>
    <message>
        <source>%1 (%2: %3, %4: %5)</source>
        <translation>%1 (%2: %3, %4: %5)</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 gegen %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::PhysicalView</name>
    <message>
        <source>Open a physical campaign&apos;s results.json (commcanary capture campaign), or launch a campaign from the Capture panel, to see whether every proxy ranks the physical configurations as the real workload (W-full) does.</source>
        <translation>Öffnen Sie die results.json einer physischen Kampagne (commcanary capture campaign) oder starten Sie eine Kampagne im Capture-Bereich, um zu sehen, ob jeder Proxy die physischen Konfigurationen so einordnet wie die echte Arbeitslast (W-full).</translation>
    </message>
    <message>
        <source>&lt;b&gt;Per configuration&lt;/b&gt;: W-full&apos;s mean step time, each proxy&apos;s mean pass time</source>
        <translation>&lt;b&gt;Je Konfiguration&lt;/b&gt;: mittlere Schrittzeit von W-full, mittlere Durchlaufzeit jedes Proxys</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decisions against W-full&lt;/b&gt;: ✓ agrees, ✗ disagrees, = tie (W-full cannot separate the pair; left out of the agreement)</source>
        <translation>&lt;b&gt;Entscheidungen gegenüber W-full&lt;/b&gt;: ✓ stimmt überein, ✗ widerspricht, = gleichauf (W-full kann das Paar nicht trennen; nicht in der Übereinstimmung gezählt)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 (cell %3). Source trace: %4 events captured under %5; %6 recorded passes per proxy and configuration after %7 warm-up; ties by %8 bootstrap resamples.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 (Zelle %3). Quell-Trace: %4 Ereignisse, aufgezeichnet unter %5; %6 aufgezeichnete Durchläufe je Proxy und Konfiguration nach %7 zum Aufwärmen; Gleichstände aus %8 Bootstrap-Stichproben.</translation>
    </message>
    <message>
        <source>The prototype&apos;s published campaign (28 pairs, real GPUs): %1.</source>
        <translation>Die veröffentlichte Kampagne des Prototyps (28 Paare, echte GPUs): %1.</translation>
    </message>
</context>
<context>
    <name>cc::ui::PoolDemandBar</name>
    <message>
        <source>Pool %1</source>
        <translation>Pool %1</translation>
    </message>
    <message>
        <source>  %1: %2 × %3 = %4   [%5]</source>
        <translation>  %1: %2 × %3 = %4   [%5]</translation>
    </message>
    <message>
        <source>  demand: %1 (%2 B)</source>
        <translation>  Bedarf: %1 (%2 B)</translation>
    </message>
    <message>
        <source>  budget: %1 (%2 B, %3)</source>
        <translation>  Budget: %1 (%2 B, %3)</translation>
    </message>
    <message>
        <source>  budget: unknown (%1) — declare one to plan this cell</source>
        <translation>  Budget: unbekannt (%1) — deklarieren Sie eines, um diese Zelle zu planen</translation>
    </message>
    <message>
        <source>  fits</source>
        <translation>  passt</translation>
    </message>
    <message>
        <source>  does NOT fit</source>
        <translation>  passt NICHT</translation>
    </message>
    <message>
        <source> (binding)</source>
        <translation> (bindend)</translation>
    </message>
    <message>
        <source>%1%2: %3 of %4 (%5 %)</source>
        <translation>%1%2: %3 von %4 (%5 %)</translation>
    </message>
    <message>
        <source>%1%2: %3, budget unknown</source>
        <translation>%1%2: %3, Budget unbekannt</translation>
    </message>
</context>
<context>
    <name>cc::ui::PropertyModel</name>
    <message>
        <source>Property</source>
        <translation>Eigenschaft</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
</context>
<context>
    <name>cc::ui::RankProgressModel</name>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>%1 of %2 (%3 %)</source>
        <translation>%1 von %2 (%3 %)</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <source>recording</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>starting: %1</source>
        <translation>startet: %1</translation>
    </message>
</context>
<context>
    <name>cc::ui::RankSummaryModel</name>
    <message>
        <source>|communication ∩ compute| / |communication| = %1 ns / %2 ns</source>
        <translation>|Kommunikation ∩ Rechnen| / |Kommunikation| = %1 ns / %2 ns</translation>
    </message>
    <message>
        <source>|communication only, inside the iteration window| / |window| = %1 ns / %2 ns</source>
        <translation>|nur Kommunikation, innerhalb des Iterationsfensters| / |Fenster| = %1 ns / %2 ns</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Recorded iterations</source>
        <translation>Aufgezeichnete Iterationen</translation>
    </message>
    <message>
        <source>Overlap efficiency</source>
        <translation>Überlappungseffizienz</translation>
    </message>
    <message>
        <source>Communication overhead</source>
        <translation>Kommunikations-Overhead</translation>
    </message>
    <message>
        <source>Buckets</source>
        <translation>Buckets</translation>
    </message>
</context>
<context>
    <name>cc::ui::RankingMatrixModel</name>
    <message>
        <source>#%1 (was #%2) · %3</source>
        <translation>#%1 (vorher #%2) · %3</translation>
    </message>
    <message>
        <source>#%1 · %2</source>
        <translation>#%1 · %2</translation>
    </message>
    <message>
        <source>Unablated: %1, position %2</source>
        <translation>Nicht ablatiert: %1, Platz %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::ReduceDialog</name>
    <message>
        <source>Reduce (ddmin)</source>
        <translation>Reduzieren (ddmin)</translation>
    </message>
    <message>
        <source>Delta debugging with a decision-only oracle: a subset is kept when it decides every configuration pair on median, p95, p99 and mean as the full trace does. This is the baseline a canary must beat: verify the result to see what it loses.</source>
        <translation>Delta-Debugging mit einem reinen Entscheidungsorakel: Eine Teilmenge wird behalten, wenn sie jedes Konfigurationspaar bei Median, p95, p99 und Mittelwert genauso entscheidet wie der vollständige Trace. Dies ist die Baseline, die ein Canary übertreffen muss: Verifizieren Sie das Ergebnis, um zu sehen, was verloren geht.</translation>
    </message>
    <message>
        <source>Oracle</source>
        <translation>Orakel</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>Stop after this many oracle calls; the result is then not 1-minimal</source>
        <translation>Nach so vielen Orakelaufrufen anhalten; das Ergebnis ist dann nicht 1-minimal</translation>
    </message>
    <message>
        <source>Oracle-call limit</source>
        <translation>Limit für Orakelaufrufe</translation>
    </message>
    <message>
        <source>reduce</source>
        <translation>Reduktion</translation>
    </message>
    <message>
        <source>Reducing %1</source>
        <translation>%1 wird reduziert</translation>
    </message>
    <message>
        <source>Reduced</source>
        <translation>Reduziert</translation>
    </message>
    <message>
        <source>What it is</source>
        <translation>Was es ist</translation>
    </message>
    <message>
        <source>Ranking decisions</source>
        <translation>Rangfolge-Entscheidungen</translation>
    </message>
    <message>
        <source>all %1 preserved</source>
        <translation>alle %1 erhalten</translation>
    </message>
    <message>
        <source>NOT all %1 preserved</source>
        <translation>NICHT alle %1 erhalten</translation>
    </message>
    <message>
        <source>%1. It preserves ranking decisions only; verify it to see what it loses.</source>
        <translation>%1. Es erhält nur Rangfolge-Entscheidungen; verifizieren Sie es, um zu sehen, was verloren geht.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::ReplayController</name>
    <message>
        <source>default (built in)</source>
        <translation>Standard (eingebaut)</translation>
    </message>
    <message>
        <source>Replaying under %1 configurations</source>
        <translation>Wiedergabe unter %1 Konfigurationen</translation>
    </message>
    <message>
        <source>Replaying %1</source>
        <translation>Wiedergabe %1</translation>
    </message>
    <message>
        <source>Replaying the canary %1</source>
        <translation>Canary %1 wird wiedergegeben</translation>
    </message>
</context>
<context>
    <name>cc::ui::SaveController</name>
    <message>
        <source>Canaries (*.canary.json)</source>
        <translation>Canaries (*.canary.json)</translation>
    </message>
    <message>
        <source>Verifications (*.verification.json)</source>
        <translation>Verifikationen (*.verification.json)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>%1 speichern</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save the selected artifact made in the workbench</source>
        <translation>Das ausgewählte, in der Workbench erzeugte Artefakt speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save A&amp;ll Unsaved…</source>
        <translation>A&amp;lle ungespeicherten speichern…</translation>
    </message>
    <message>
        <source>Could not save %1</source>
        <translation>%1 konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Unsaved results</source>
        <translation>Ungespeicherte Ergebnisse</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) made in the workbench are not saved and will be lost.</source>
        <translation>
            <numerusform>%n in der Workbench erzeugtes Ergebnis ist nicht gespeichert und geht verloren.</numerusform>
            <numerusform>%n in der Workbench erzeugte Ergebnisse sind nicht gespeichert und gehen verloren.</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay Report as &amp;Chrome Trace (Perfetto)…</source>
        <translation>Wiedergabebericht als &amp;Chrome-Trace (Perfetto)…</translation>
    </message>
    <message>
        <source>Write the selected replay report&apos;s simulated timeline for Perfetto UI or chrome://tracing, as commcanary export-chrome does</source>
        <translation>Die simulierte Zeitleiste des ausgewählten Wiedergabeberichts für Perfetto UI oder chrome://tracing schreiben, wie commcanary export-chrome</translation>
    </message>
    <message>
        <source>Export %1 as a Chrome trace</source>
        <translation>%1 als Chrome-Trace exportieren</translation>
    </message>
    <message>
        <source>Chrome traces (*.json);;All files (*)</source>
        <translation>Chrome-Traces (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose a replay report to export.</source>
        <translation>Einen Wiedergabebericht zum Exportieren auswählen.</translation>
    </message>
    <message>
        <source>Open the trace %1 was replayed from first: its normalised SHA-256 must be %2.</source>
        <translation>Zuerst die Trace öffnen, aus der %1 wiedergegeben wurde: ihr normalisierter SHA-256 muss %2 sein.</translation>
    </message>
    <message>
        <source>Export a Chrome trace</source>
        <translation>Chrome-Trace exportieren</translation>
    </message>
    <message>
        <source>Exporting %1 as a Chrome trace</source>
        <translation>%1 wird als Chrome-Trace exportiert</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Saving %1</source>
        <translation>%1 wird gespeichert</translation>
    </message>
    <message>
        <source>Trace or Canary as &amp;PARAM Comms Replay…</source>
        <translation>Trace oder Canary als &amp;PARAM-Comms-Replay…</translation>
    </message>
    <message>
        <source>Write the selected trace or canary (expanded into its whole program) as PARAM comms-replay traces, one file per rank, as commcanary export-param does</source>
        <translation>Den ausgewählten Trace oder Canary (zu seinem ganzen Programm expandiert) als PARAM-Comms-Replay-Traces schreiben, eine Datei je Rank, wie commcanary export-param</translation>
    </message>
    <message>
        <source>Export %1 for PARAM into a folder</source>
        <translation>%1 für PARAM in einen Ordner exportieren</translation>
    </message>
    <message>
        <source>Export for PARAM</source>
        <translation>Für PARAM exportieren</translation>
    </message>
    <message>
        <source>Choose a trace or a canary to export for PARAM.</source>
        <translation>Wählen Sie einen Trace oder einen Canary für den PARAM-Export.</translation>
    </message>
    <message>
        <source>Exporting %1 for PARAM</source>
        <translation>%1 wird für PARAM exportiert</translation>
    </message>
</context>
<context>
    <name>cc::ui::SearchCandidateModel</name>
    <message>
        <source>lossless</source>
        <translation>verlustfrei</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>einheitlich</translation>
    </message>
    <message>
        <source>per group</source>
        <translation>je Gruppe</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>failed verification</source>
        <translation>Verifikation nicht bestanden</translation>
    </message>
    <message>
        <source>refused by the compiler</source>
        <translation>vom Compiler abgelehnt</translation>
    </message>
    <message>
        <source>%1 (+%2 group limits)</source>
        <translation>%1 (+%2 Gruppenlimits)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 (selected)</source>
        <translation>%1 (ausgewählt)</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Sample limit</source>
        <translation>Stichprobenlimit</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ausgang</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Aussage</translation>
    </message>
    <message>
        <source>Timing mode</source>
        <translation>Zeitmodus</translation>
    </message>
    <message>
        <source>Commitments</source>
        <translation>Commitments</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Fidelity</source>
        <translation>Verhaltenstreue</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Rangfolge</translation>
    </message>
</context>
<context>
    <name>cc::ui::SearchDialog</name>
    <message>
        <source>Behaviour Search</source>
        <translation>Verhaltenssuche</translation>
    </message>
    <message>
        <source>Declared range</source>
        <translation>Deklarierter Bereich</translation>
    </message>
    <message>
        <source>Timing samples per operation group to try: a list (1,2,4,8) or a range (1..16). When no bounded candidate in it passes and the lossless canary competes, the search doubles the largest while the candidate stays smaller than the lossless canary.</source>
        <translation>Zu testende Zeitstichproben je Operationsgruppe: eine Liste (1,2,4,8) oder ein Bereich (1..16). Besteht darin kein begrenzter Kandidat die Prüfung und konkurriert der verlustfreie Canary mit, verdoppelt die Suche den größten Wert, solange der Kandidat kleiner als der verlustfreie Canary bleibt.</translation>
    </message>
    <message>
        <source>Sample limits</source>
        <translation>Stichprobenlimits</translation>
    </message>
    <message>
        <source>Let the lossless canary compete</source>
        <translation>Den verlustfreien Canary mitkonkurrieren lassen</translation>
    </message>
    <message>
        <source>Then lower per-group limits while every status passes</source>
        <translation>Dann die Limits je Gruppe senken, solange jeder Status besteht</translation>
    </message>
    <message>
        <source>Verification every candidate must pass</source>
        <translation>Verifikation, die jeder Kandidat bestehen muss</translation>
    </message>
    <message>
        <source>behaviour search</source>
        <translation>Verhaltenssuche</translation>
    </message>
    <message>
        <source>Behaviour search on %1</source>
        <translation>Verhaltenssuche auf %1</translation>
    </message>
    <message>
        <source>No candidate passed every status; nothing was added. %1</source>
        <translation>Kein Kandidat hat jeden Status bestanden; nichts wurde hinzugefügt. %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::SweepMatrixModel</name>
    <message>
        <source>planned</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Record: %1</source>
        <translation>Aufzeichnung: %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>%1 (p95 %2)</source>
        <translation>%1 (p95 %2)</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>nicht definiert</translation>
    </message>
    <message>
        <source>binding pool %1: %2 of %3</source>
        <translation>bindender Pool %1: %2 von %3</translation>
    </message>
    <message>
        <source>binding pool %1: %2, budget unknown</source>
        <translation>bindender Pool %1: %2, Budget unbekannt</translation>
    </message>
    <message>
        <source>%1 buckets, %2 all-reduces, iteration %3</source>
        <translation>%1 Buckets, %2 All-Reduces, Iteration %3</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Backend/device</source>
        <translation>Backend/Gerät</translation>
    </message>
    <message>
        <source>Bucket cap</source>
        <translation>Bucket-Obergrenze</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>All-reduce median</source>
        <translation>All-Reduce-Median</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>Überlappung</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>cc::ui::SweepView</name>
    <message>
        <source>a results folder written by commcanary capture sweep</source>
        <translation>ein von commcanary capture sweep geschriebener Ergebnisordner</translation>
    </message>
    <message>
        <source>Open Results…</source>
        <translation>Ergebnisse öffnen…</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>No sweep is open.</source>
        <translation>Kein Sweep geöffnet.</translation>
    </message>
    <message>
        <source>Results folder:</source>
        <translation>Ergebnisordner:</translation>
    </message>
    <message>
        <source>Sweep results folder</source>
        <translation>Sweep-Ergebnisordner</translation>
    </message>
    <message>
        <source>Reading the sweep index</source>
        <translation>Sweep-Index wird gelesen</translation>
    </message>
    <message>
        <source>This is not a readable sweep: %1</source>
        <translation>Dies ist kein lesbarer Sweep: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s): %1 measured, %2 refused, %3 failed, %4 planned.</source>
        <translation>
            <numerusform>%n Zelle: %1 gemessen, %2 abgelehnt, %3 fehlgeschlagen, %4 geplant.</numerusform>
            <numerusform>%n Zellen: %1 gemessen, %2 abgelehnt, %3 fehlgeschlagen, %4 geplant.</numerusform>
        </translation>
    </message>
    <message>
        <source>Measured all-reduce median per cell (each repeat a point)</source>
        <translation>Gemessener All-Reduce-Median je Zelle (jede Wiederholung ein Punkt)</translation>
    </message>
    <message>
        <source>%1 ranks, %2/%3, cap %4</source>
        <translation>%1 Ranks, %2/%3, Obergrenze %4</translation>
    </message>
    <message>
        <source>model size (parameters)</source>
        <translation>Modellgröße (Parameter)</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
</context>
<context>
    <name>cc::ui::TailWindowModel</name>
    <message>
        <source>Summed latency of the window&apos;s tail events (at or above the configuration&apos;s p99)</source>
        <translation>Summierte Latenz der Tail-Ereignisse des Fensters (ab dem p99 der Konfiguration)</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>Spanne</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>When the window begins</source>
        <translation>Wann das Fenster beginnt</translation>
    </message>
    <message>
        <source>Tail events in the window (latency at or above the configuration&apos;s p99)</source>
        <translation>Tail-Ereignisse im Fenster (Latenz mindestens beim p99 der Konfiguration)</translation>
    </message>
    <message>
        <source>The largest latency in the window</source>
        <translation>Die größte Latenz im Fenster</translation>
    </message>
    <message>
        <source>Begins</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Tail</source>
        <translation>Tail</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>Tail window %1: begins at %2, spans %3, %4 events of which %5 in the tail, largest latency %6, cost %7</source>
        <translation>Tail-Fenster %1: beginnt bei %2, dauert %3, %4 Ereignisse, davon %5 im Tail, größte Latenz %6, Kosten %7</translation>
    </message>
</context>
<context>
    <name>cc::ui::TimelinePanel</name>
    <message>
        <source>The configuration whose simulated timing the timeline draws</source>
        <translation>Die Konfiguration, deren simuliertes Zeitverhalten die Zeitleiste zeichnet</translation>
    </message>
    <message>
        <source>per scheduler resource</source>
        <translation>je Scheduler-Ressource</translation>
    </message>
    <message>
        <source>per process group</source>
        <translation>je Prozessgruppe</translation>
    </message>
    <message>
        <source>per rank</source>
        <translation>je Rank</translation>
    </message>
    <message>
        <source>Configuration:</source>
        <translation>Konfiguration:</translation>
    </message>
    <message>
        <source>Lanes:</source>
        <translation>Bahnen:</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom in around the centre</source>
        <translation>Um die Mitte vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>Zoom out around the centre</source>
        <translation>Um die Mitte verkleinern</translation>
    </message>
    <message>
        <source>Show &amp;Everything</source>
        <translation>&amp;Alles zeigen</translation>
    </message>
    <message>
        <source>Fit the whole trace</source>
        <translation>Den ganzen Trace einpassen</translation>
    </message>
    <message>
        <source>Zoom to &amp;Selection</source>
        <translation>Auf &amp;Auswahl zoomen</translation>
    </message>
    <message>
        <source>Zoom to the dragged range</source>
        <translation>Auf den gezogenen Bereich zoomen</translation>
    </message>
    <message>
        <source>&amp;Next Tail Window</source>
        <translation>&amp;Nächstes Tail-Fenster</translation>
    </message>
    <message>
        <source>Centre and zoom the next tail window</source>
        <translation>Nächstes Tail-Fenster zentrieren und heranzoomen</translation>
    </message>
    <message>
        <source>&amp;Previous Tail Window</source>
        <translation>&amp;Vorheriges Tail-Fenster</translation>
    </message>
    <message>
        <source>Centre and zoom the previous tail window</source>
        <translation>Vorheriges Tail-Fenster zentrieren und heranzoomen</translation>
    </message>
    <message>
        <source>Tail windows</source>
        <translation>Tail-Fenster</translation>
    </message>
    <message>
        <source>Highlight the tail windows</source>
        <translation>Tail-Fenster hervorheben</translation>
    </message>
    <message>
        <source>Preparing the timeline</source>
        <translation>Zeitleiste wird vorbereitet</translation>
    </message>
    <message>
        <source>No replay yet: events are drawn at their issue time with a duration of 0</source>
        <translation>Noch keine Wiedergabe: Ereignisse werden zu ihrem Ausgabezeitpunkt mit Dauer 0 gezeichnet</translation>
    </message>
    <message>
        <source>rank wait</source>
        <translation>Rank-Wartezeit</translation>
    </message>
    <message>
        <source>queue wait</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>tail window</source>
        <translation>Tail-Fenster</translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation>Kein Trace geladen</translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation>Wiedergabe läuft…</translation>
    </message>
    <message>
        <source>No replay yet</source>
        <translation>Noch keine Wiedergabe</translation>
    </message>
    <message>
        <source>%1 · %2 · tail windows: %3 (latency at or above p99 = %4)</source>
        <translation>%1 · %2 · Tail-Fenster: %3 (Latenz ab p99 = %4)</translation>
    </message>
    <message>
        <source> · window %1 selected</source>
        <translation> · Fenster %1 ausgewählt</translation>
    </message>
    <message>
        <source>Summarising the selected range</source>
        <translation>Ausgewählter Bereich wird zusammengefasst</translation>
    </message>
    <message>
        <source>Statistics of the events issued in the selected range.</source>
        <translation>Statistik der im ausgewählten Bereich ausgegebenen Ereignisse.</translation>
    </message>
    <message>
        <source>&amp;Find Events…</source>
        <translation>Ereignisse &amp;suchen…</translation>
    </message>
    <message>
        <source>Find events by operation, group, rank, size, id or phase</source>
        <translation>Ereignisse nach Operation, Gruppe, Rang, Größe, ID oder Phase suchen</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>&amp;Nächster Treffer</translation>
    </message>
    <message>
        <source>Go to the next match</source>
        <translation>Zum nächsten Treffer</translation>
    </message>
    <message>
        <source>Find Pre&amp;vious</source>
        <translation>&amp;Vorheriger Treffer</translation>
    </message>
    <message>
        <source>Go to the previous match</source>
        <translation>Zum vorherigen Treffer</translation>
    </message>
    <message>
        <source>op:all_reduce group:tp rank:0-7 size:1MiB-16MiB id:… phase:…</source>
        <translation>op:all_reduce group:tp rank:0-7 size:1MiB-16MiB id:… phase:…</translation>
    </message>
    <message>
        <source>Every term must hold. op, group, phase and id match a part of the text; rank takes a number or a range (0-7); size takes bytes with a unit, a range (1MiB-16MiB) or a bound (&gt;=4KiB). A word without a field matches the operation, group, phase or id.</source>
        <translation>Jeder Begriff muss zutreffen. op, group, phase und id passen auf einen Teil des Textes; rank nimmt eine Zahl oder einen Bereich (0-7); size nimmt Bytes mit Einheit, einen Bereich (1MiB-16MiB) oder eine Schranke (&gt;=4KiB). Ein Wort ohne Feld passt auf Operation, Gruppe, Phase oder ID.</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Highlight all</source>
        <translation>Alle hervorheben</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the search and clear its marks (Escape)</source>
        <translation>Suche schließen und ihre Markierungen entfernen (Esc)</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>Searching the timeline</source>
        <translation>Zeitleiste wird durchsucht</translation>
    </message>
    <message>
        <source>no matches</source>
        <translation>keine Treffer</translation>
    </message>
    <message>
        <source>%1 of %2 matches</source>
        <translation>%1 von %2 Treffern</translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation>%1 Treffer</translation>
    </message>
    <message>
        <source>Drag across the timeline with the left mouse button to see the statistics of a range; double-click it or press Z to zoom in. Middle-drag or Space+drag pans, W/S zoom, A/D pan.</source>
        <translation>Mit der linken Maustaste über die Zeitleiste ziehen, um die Statistik eines Bereichs zu sehen; Doppelklick oder Z zoomt hinein. Ziehen mit der mittleren Taste oder Leertaste+Ziehen verschiebt, W/S zoomen, A/D verschieben.</translation>
    </message>
</context>
<context>
    <name>cc::ui::TimelineView</name>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Open a trace (File ▸ Open, or drop a file here) to see its timeline.</source>
        <translation>Öffnen Sie einen Trace (Datei ▸ Öffnen oder Datei hierher ziehen), um seine Zeitleiste zu sehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;issued at %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;ausgegeben bei %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;id %1</source>
        <translation>&lt;br&gt;ID %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;latency %1 (rank wait %2, queue wait %3) under %4</source>
        <translation>&lt;br&gt;Latenz %1 (Rank-Wartezeit %2, Warteschlange %3) unter %4</translation>
    </message>
    <message>
        <source>&lt;br&gt;no replay yet: drawn at its issue time</source>
        <translation>&lt;br&gt;noch keine Wiedergabe: zum Ausgabezeitpunkt gezeichnet</translation>
    </message>
</context>
<context>
    <name>cc::ui::ToleranceForm</name>
    <message>
        <source>Relative tolerance (%)</source>
        <translation>Relative Toleranz (%)</translation>
    </message>
    <message>
        <source>Absolute tolerance (µs)</source>
        <translation>Absolute Toleranz (µs)</translation>
    </message>
    <message>
        <source>Hidden-share tolerance (points)</source>
        <translation>Toleranz für verdeckten Anteil (Prozentpunkte)</translation>
    </message>
    <message>
        <source>Tail recall threshold</source>
        <translation>Schwelle für Wiederfinden der Tail-Ereignisse</translation>
    </message>
    <message>
        <source>Ranking tie tolerance (µs)</source>
        <translation>Gleichstandstoleranz der Rangfolge (µs)</translation>
    </message>
    <message>
        <source>Ranking tie tolerance (%)</source>
        <translation>Gleichstandstoleranz der Rangfolge (%)</translation>
    </message>
    <message>
        <source>Replay seed</source>
        <translation>Wiedergabe-Seed</translation>
    </message>
    <message>
        <source>Replay iterations</source>
        <translation>Wiedergabe-Iterationen</translation>
    </message>
    <message>
        <source>Option --%1 of the command line (default %2)</source>
        <translation>Option --%1 der Befehlszeile (Standard %2)</translation>
    </message>
</context>
<context>
    <name>cc::ui::Units</name>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>base %1</source>
        <translation>Basis %1</translation>
    </message>
</context>
<context>
    <name>cc::ui::VerificationComparison</name>
    <message>
        <source>Left:</source>
        <translation>Links:</translation>
    </message>
    <message>
        <source>Right:</source>
        <translation>Rechts:</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 — %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 — %3</translation>
    </message>
    <message>
        <source>Verify two canaries (or open two verifications) to compare them here.</source>
        <translation>Verifizieren Sie zwei Canaries (oder öffnen Sie zwei Verifikationen), um sie hier zu vergleichen.</translation>
    </message>
</context>
<context>
    <name>cc::ui::VerificationComparisonModel</name>
    <message>
        <source>Claim</source>
        <translation>Aussage</translation>
    </message>
    <message>
        <source>Canary SHA-256</source>
        <translation>Canary-SHA-256</translation>
    </message>
    <message>
        <source>Source SHA-256</source>
        <translation>Quell-SHA-256</translation>
    </message>
    <message>
        <source>Timing mode</source>
        <translation>Zeitmodus</translation>
    </message>
    <message>
        <source>Commitments</source>
        <translation>Commitments</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Behavioural fidelity</source>
        <translation>Verhaltenstreue</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Rangfolge</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>(left)</source>
        <translation>(links)</translation>
    </message>
    <message>
        <source>(right)</source>
        <translation>(rechts)</translation>
    </message>
</context>
<context>
    <name>cc::ui::VerificationStepper</name>
    <message>
        <source>I have reviewed this page&apos;s evidence</source>
        <translation>Ich habe die Belege dieser Seite geprüft</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>Export Review Record…</source>
        <translation>Prüfprotokoll exportieren…</translation>
    </message>
    <message>
        <source>Run verify-behavior on the active trace and its canary</source>
        <translation>verify-behavior auf dem aktiven Trace und seinem Canary ausführen</translation>
    </message>
    <message>
        <source>Open a verification file, or run verify-behavior on a trace and a canary compiled from it.</source>
        <translation>Öffnen Sie eine Verifikationsdatei oder führen Sie verify-behavior auf einem Trace und einem daraus kompilierten Canary aus.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · claim: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · Aussage: &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Summary&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Zusammenfassung&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>The claim is derived from the statuses, never chosen.</source>
        <translation>Die Aussage wird aus den Status abgeleitet, nie gewählt.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Claim: &lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aussage: &lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;%1: &lt;b&gt;%2&lt;/b&gt; (%3)&lt;/li&gt;</source>
        <translation>&lt;li&gt;%1: &lt;b&gt;%2&lt;/b&gt; (%3)&lt;/li&gt;</translation>
    </message>
    <message>
        <source>reviewed</source>
        <translation>geprüft</translation>
    </message>
    <message>
        <source>not reviewed</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>&lt;h3&gt;%1: &lt;span style=&quot;color:%2&quot;&gt;%3&lt;/span&gt;&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;%1: &lt;span style=&quot;color:%2&quot;&gt;%3&lt;/span&gt;&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Export review record</source>
        <translation>Prüfprotokoll exportieren</translation>
    </message>
    <message>
        <source>Review record (*.json)</source>
        <translation>Prüfprotokoll (*.json)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Previous status (Page Up, Alt+Left)</source>
        <translation>Vorheriger Status (Bild auf, Alt+Links)</translation>
    </message>
    <message>
        <source>Next status (Page Down, Alt+Right)</source>
        <translation>Nächster Status (Bild ab, Alt+Rechts)</translation>
    </message>
    <message>
        <source>&lt;p&gt;Why the claim is what it is:&lt;/p&gt;</source>
        <translation>&lt;p&gt;Warum die Aussage so lautet:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;What this verification does not prove:&lt;/p&gt;</source>
        <translation>&lt;p&gt;Was diese Verifikation nicht beweist:&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>cc::ui::ZoomHistory</name>
    <message>
        <source>Zoom &amp;Back</source>
        <translation>Zoom &amp;zurück</translation>
    </message>
    <message>
        <source>Return to the previous zoom range</source>
        <translation>Zum vorherigen Zoombereich zurück</translation>
    </message>
    <message>
        <source>Zoom &amp;Forward</source>
        <translation>Zoom &amp;vor</translation>
    </message>
    <message>
        <source>Go forward to the next zoom range</source>
        <translation>Zum nächsten Zoombereich vorwärts</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Language: en, de or zh_CN (default: the settings, else the system).</source>
        <translation>Sprache: en, de oder zh_CN (Standard: die Einstellungen, sonst das System).</translation>
    </message>
    <message>
        <source>Forget the saved window layout before starting.</source>
        <translation>Das gespeicherte Fensterlayout vor dem Start verwerfen.</translation>
    </message>
    <message>
        <source>CommCanary Workbench: inspect communication traces, their replays under backend configurations, and what a ranking depends on.</source>
        <translation>CommCanary Workbench: Kommunikations-Traces, ihre Wiedergaben unter Backend-Konfigurationen und die Abhängigkeiten einer Rangfolge untersuchen.</translation>
    </message>
    <message>
        <source>Traces, replay reports or configuration sets to open.</source>
        <translation>Zu öffnende Traces, Wiedergabeberichte oder Konfigurationssätze.</translation>
    </message>
</context>
</TS>
