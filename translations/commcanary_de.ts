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
</context>
<context>
    <name>DistributionText</name>
    <message>
        <source>Sorting latencies of %1</source>
        <translation>Latenzen von %1 werden sortiert</translation>
    </message>
    <message>
        <source>Distributions ready</source>
        <translation>Verteilungen bereit</translation>
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
</context>
<context>
    <name>RangeText</name>
    <message>
        <source>Summarising the selected range</source>
        <translation>Ausgewählter Bereich wird zusammengefasst</translation>
    </message>
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
    <name>TimelineText</name>
    <message>
        <source>Assigning events to lanes</source>
        <translation>Ereignisse werden Bahnen zugeordnet</translation>
    </message>
    <message>
        <source>(no group)</source>
        <translation>(keine Gruppe)</translation>
    </message>
    <message>
        <source>group %1</source>
        <translation>Gruppe %1</translation>
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
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>muss ein Objekt sein</translation>
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
        <source>Delta</source>
        <translation>Differenz</translation>
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
        <source>is not a JSON object: %1</source>
        <translation>ist kein JSON-Objekt: %1</translation>
    </message>
    <message>
        <source>must be commcanary-workbench.verification.v1</source>
        <translation>muss commcanary-workbench.verification.v1 sein</translation>
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
        <source>must be pass or fail</source>
        <translation>muss pass oder fail sein</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>Every configuration and metric: source value, canary value, delta and tolerance. Failing checks first.</source>
        <translation>Jede Konfiguration und Kennzahl: Quellwert, Canary-Wert, Differenz und Toleranz. Fehlgeschlagene Prüfungen zuerst.</translation>
    </message>
    <message>
        <source>Every configuration pair and metric: the relation under the source and under the canary. Disagreements first.</source>
        <translation>Jedes Konfigurationspaar und jede Kennzahl: die Relation unter der Quelle und unter dem Canary. Abweichungen zuerst.</translation>
    </message>
    <message>
        <source>Each segment's SHA-256 commitment recomputed from the source.</source>
        <translation>Das SHA-256-Commitment jedes Segments, aus der Quelle neu berechnet.</translation>
    </message>
    <message>
        <source>The compiler's attested timing mode, re-checked against the source.</source>
        <translation>Der vom Compiler bescheinigte Zeitmodus, gegen die Quelle nachgeprüft.</translation>
    </message>
    <message>
        <source>Whether the canary covers the whole normalised source.</source>
        <translation>Ob der Canary die ganze normalisierte Quelle abdeckt.</translation>
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
        <source>No decision flips %1 (replayed in %2 ms).</source>
        <translation>Keine Entscheidung kippt %1 (Wiedergabe in %2 ms).</translation>
    </message>
    <message>
        <source>%1 of %2 decisions flip %3 (replayed in %4 ms):</source>
        <translation>%1 von %2 Entscheidungen kippen %3 (Wiedergabe in %4 ms):</translation>
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
    <name>cc::ui::DistributionPanel</name>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Save both charts as PNG or SVG</source>
        <translation>Beide Diagramme als PNG oder SVG speichern</translation>
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
        <source>Latency CDF (log time axis)</source>
        <translation>Latenz-CDF (logarithmische Zeitachse)</translation>
    </message>
    <message>
        <source>Latency histogram (log-spaced bins)</source>
        <translation>Latenz-Histogramm (logarithmische Klassen)</translation>
    </message>
    <message>
        <source>latency (µs)</source>
        <translation>Latenz (µs)</translation>
    </message>
    <message>
        <source>fraction of samples</source>
        <translation>Anteil der Stichproben</translation>
    </message>
    <message>
        <source>share of samples</source>
        <translation>Anteil der Stichproben</translation>
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
</context>
<context>
    <name>cc::ui::ErrorDialog</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</translation>
    </message>
    <message>
        <source>%1 problem(s) found; nothing was loaded or written.</source>
        <translation>%1 Problem(e) gefunden; nichts wurde geladen oder geschrieben.</translation>
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
        <source>Open traces, replay reports or configuration sets</source>
        <translation>Traces, Wiedergabeberichte oder Konfigurationssätze öffnen</translation>
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
        <source>Open a trace and a canary compiled from it first: the canary's source SHA-256 must equal the trace's normalised SHA-256.</source>
        <translation>Öffnen Sie zuerst einen Trace und einen daraus kompilierten Canary: Die Quell-SHA-256 des Canary muss der normalisierten SHA-256 des Trace entsprechen.</translation>
    </message>
    <message>
        <source>verification of %1</source>
        <translation>Verifikation von %1</translation>
    </message>
    <message>
        <source>Verifying the behaviour of %1</source>
        <translation>Verhalten von %1 wird verifiziert</translation>
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
</context>
<context>
    <name>cc::ui::TailWindowModel</name>
    <message>
        <source>Summed latency of the window's tail events (at or above the configuration's p99)</source>
        <translation>Summierte Latenz der Tail-Ereignisse des Fensters (ab dem p99 der Konfiguration)</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Begins at</source>
        <translation>Beginnt bei</translation>
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
        <source>Tail events</source>
        <translation>Tail-Ereignisse</translation>
    </message>
    <message>
        <source>Max latency</source>
        <translation>Max. Latenz</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
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
        <source>Drag with the right mouse button (or Shift and the left button) across the timeline to see the statistics of a range; double-click it or press Z to zoom in.</source>
        <translation>Ziehen Sie mit der rechten Maustaste (oder Umschalt und linker Taste) über die Zeitleiste, um die Statistik eines Bereichs zu sehen; Doppelklick oder Z zoomt hinein.</translation>
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
</context>
<context>
    <name>cc::ui::VerificationStepper</name>
    <message>
        <source>I have reviewed this page's evidence</source>
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
        <source>&lt;p&gt;Why: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;Begründung: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Not proven: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;Nicht bewiesen: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;%1: &lt;span style="color:%2"&gt;%3&lt;/span&gt;&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;%1: &lt;span style="color:%2"&gt;%3&lt;/span&gt;&lt;/h3&gt;</translation>
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
</TS>
