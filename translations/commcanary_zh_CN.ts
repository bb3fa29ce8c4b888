<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DetailsText</name>
    <message>
        <source>(absent)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <source> … (%1 ranks)</source>
        <translation> …（%1 个 rank）</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Canonical index</source>
        <translation>规范索引</translation>
    </message>
    <message>
        <source>Index in the input</source>
        <translation>输入中的索引</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <translation>%1（自定义）</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>归约操作</translation>
    </message>
    <message>
        <source>Scheduler resource</source>
        <translation>调度资源</translation>
    </message>
    <message>
        <source>Timing in the trace</source>
        <translation>轨迹中的时序</translation>
    </message>
    <message>
        <source>Issue time</source>
        <translation>发出时间</translation>
    </message>
    <message>
        <source>Gap before</source>
        <translation>之前的间隔</translation>
    </message>
    <message>
        <source>Start (given)</source>
        <translation>开始（给定）</translation>
    </message>
    <message>
        <source>Compute before</source>
        <translation>之前的计算</translation>
    </message>
    <message>
        <source>Compute overlap</source>
        <translation>计算重叠</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Compute pressure</source>
        <translation>计算压力</translation>
    </message>
    <message>
        <source>Arrival skew</source>
        <translation>到达偏差</translation>
    </message>
    <message>
        <source>unknown (not measured; never treated as 0)</source>
        <translation>未知（未测量；绝不视为 0）</translation>
    </message>
    <message>
        <source>at least %1 (partial arrivals)</source>
        <translation>至少 %1（部分到达数据）</translation>
    </message>
    <message>
        <source>Observed exposed</source>
        <translation>观测到的暴露时间</translation>
    </message>
</context>
<context>
    <name>DistributionText</name>
    <message>
        <source>Sorting latencies of %1</source>
        <translation>正在排序 %1 的延迟</translation>
    </message>
    <message>
        <source>Distributions ready</source>
        <translation>分布已就绪</translation>
    </message>
</context>
<context>
    <name>LoaderText</name>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>is larger than the input limit of %1</source>
        <translation>超过了 %1 的输入上限</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件数</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>时序语义</translation>
    </message>
    <message>
        <source>Issue span</source>
        <translation>发出时间跨度</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>组数</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Arrival skew</source>
        <translation>到达偏差</translation>
    </message>
    <message>
        <source>%1 known, %2 partial, %3 unknown</source>
        <translation>%1 个已知，%2 个部分已知，%3 个未知</translation>
    </message>
    <message>
        <source>Compute overlap</source>
        <translation>计算重叠</translation>
    </message>
    <message>
        <source>unknown for some events</source>
        <translation>部分事件未知</translation>
    </message>
    <message>
        <source>known</source>
        <translation>已知</translation>
    </message>
    <message>
        <source>Normalised SHA-256</source>
        <translation>规范化 SHA-256</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Source SHA-256</source>
        <translation>源 SHA-256</translation>
    </message>
    <message>
        <source>Canary SHA-256</source>
        <translation>Canary SHA-256</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1：不是普通文件</translation>
    </message>
    <message>
        <source>Reading configuration set</source>
        <translation>正在读取配置集</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Reading replay report</source>
        <translation>正在读取重放报告</translation>
    </message>
    <message>
        <source>Input SHA-256</source>
        <translation>输入 SHA-256</translation>
    </message>
    <message>
        <source>Input events</source>
        <translation>输入事件数</translation>
    </message>
    <message>
        <source>Configuration set</source>
        <translation>配置集</translation>
    </message>
    <message>
        <source>Simulator version</source>
        <translation>模拟器版本</translation>
    </message>
    <message>
        <source>Ablations</source>
        <translation>消融</translation>
    </message>
    <message>
        <source>Isolated</source>
        <translation>隔离</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Seal</source>
        <translation>封印</translation>
    </message>
    <message>
        <source>intact</source>
        <translation>完好</translation>
    </message>
    <message>
        <source>broken: the report was edited</source>
        <translation>已破坏：报告被编辑过</translation>
    </message>
    <message>
        <source>median %1, p99 %2, max %3</source>
        <translation>中位数 %1，p99 %2，最大值 %3</translation>
    </message>
    <message>
        <source>Reading canary</source>
        <translation>正在读取 canary</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖范围</translation>
    </message>
    <message>
        <source>Timing mode</source>
        <translation>时序模式</translation>
    </message>
    <message>
        <source>Logical events</source>
        <translation>逻辑事件数</translation>
    </message>
    <message>
        <source>Stored events</source>
        <translation>存储的事件数</translation>
    </message>
    <message>
        <source>Event compression</source>
        <translation>事件压缩比</translation>
    </message>
    <message>
        <source>Byte compression</source>
        <translation>字节压缩比</translation>
    </message>
    <message>
        <source>Segments</source>
        <translation>段数</translation>
    </message>
    <message>
        <source>Reading verification</source>
        <translation>正在读取验证</translation>
    </message>
    <message>
        <source>is a %1, which this version of the workbench cannot open yet</source>
        <translation>是一个%1，此版本的工作台尚无法打开</translation>
    </message>
</context>
<context>
    <name>RangeText</name>
    <message>
        <source>Summarising the selected range</source>
        <translation>正在汇总所选区间</translation>
    </message>
    <message>
        <source>Selected range</source>
        <translation>所选区间</translation>
    </message>
    <message>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <source>To</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Events issued</source>
        <translation>发出的事件</translation>
    </message>
    <message>
        <source>Latency under %1</source>
        <translation>%1 下的延迟</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Queue wait median</source>
        <translation>队列等待中位数</translation>
    </message>
    <message>
        <source>Hidden share</source>
        <translation>隐藏占比</translation>
    </message>
    <message>
        <source>Tail events</source>
        <translation>尾部事件</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>no replay yet</source>
        <translation>尚未重放</translation>
    </message>
    <message>
        <source>By operation</source>
        <translation>按操作</translation>
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
        <translation>中位数</translation>
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
        <translation>平均值</translation>
    </message>
    <message>
        <source>%1 vs %2 on %3 flips %4</source>
        <translation>%1 对 %2 在 %3 上反转：%4</translation>
    </message>
</context>
<context>
    <name>ReplayText</name>
    <message>
        <source>arrival skew</source>
        <translation>到达偏差</translation>
    </message>
    <message>
        <source>compute overlap</source>
        <translation>计算重叠</translation>
    </message>
    <message>
        <source>ordering</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>queue-reset gaps</source>
        <translation>队列重置间隔</translation>
    </message>
    <message>
        <source>rare tail windows</source>
        <translation>罕见尾部窗口</translation>
    </message>
    <message>
        <source>compute pressure</source>
        <translation>计算压力</translation>
    </message>
    <message>
        <source>isolated (every collective alone)</source>
        <translation>隔离（每个集合通信单独运行）</translation>
    </message>
    <message>
        <source>no ablations</source>
        <translation>无消融</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>去除%1</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <source>Assigning events to lanes</source>
        <translation>正在将事件分配到泳道</translation>
    </message>
    <message>
        <source>(no group)</source>
        <translation>（无组）</translation>
    </message>
    <message>
        <source>group %1</source>
        <translation>组 %1</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Indexing lanes</source>
        <translation>正在为泳道建立索引</translation>
    </message>
    <message>
        <source>Finding tail windows</source>
        <translation>正在查找尾部窗口</translation>
    </message>
    <message>
        <source>Timeline ready</source>
        <translation>时间线已就绪</translation>
    </message>
</context>
<context>
    <name>VerificationText</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源</translation>
    </message>
    <message>
        <source>Canary</source>
        <translation>Canary</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>%1 or %2 ppm</source>
        <translation>%1 或 %2 ppm</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>queue wait</source>
        <translation>队列等待</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>hidden share</source>
        <translation>隐藏占比</translation>
    </message>
    <message>
        <source>tail-event recall</source>
        <translation>尾部事件召回率</translation>
    </message>
    <message>
        <source>%1 ppm</source>
        <translation>%1 ppm</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>配置对</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对 %2</translation>
    </message>
    <message>
        <source>%1 (%2 vs %3)</source>
        <translation>%1（%2 对 %3）</translation>
    </message>
    <message>
        <source>agree</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>DIFFER</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>is not a JSON object: %1</source>
        <translation>不是 JSON 对象：%1</translation>
    </message>
    <message>
        <source>must be commcanary-workbench.verification.v1</source>
        <translation>必须为 commcanary-workbench.verification.v1</translation>
    </message>
    <message>
        <source>Timing mode</source>
        <translation>时序模式</translation>
    </message>
    <message>
        <source>Commitments</source>
        <translation>承诺（哈希）</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖范围</translation>
    </message>
    <message>
        <source>Behavioural fidelity</source>
        <translation>行为保真度</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>must be pass or fail</source>
        <translation>必须为 pass 或 fail</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>Every configuration and metric: source value, canary value, delta and tolerance. Failing checks first.</source>
        <translation>每个配置和指标：源值、canary 值、差值与容差。未通过的检查排在前面。</translation>
    </message>
    <message>
        <source>Every configuration pair and metric: the relation under the source and under the canary. Disagreements first.</source>
        <translation>每对配置和每个指标：在源轨迹和 canary 下的关系。不一致的排在前面。</translation>
    </message>
    <message>
        <source>Each segment's SHA-256 commitment recomputed from the source.</source>
        <translation>每个段的 SHA-256 承诺，均从源轨迹重新计算。</translation>
    </message>
    <message>
        <source>The compiler's attested timing mode, re-checked against the source.</source>
        <translation>编译器声明的时序模式，已对照源轨迹复核。</translation>
    </message>
    <message>
        <source>Whether the canary covers the whole normalised source.</source>
        <translation>canary 是否覆盖整个规范化源轨迹。</translation>
    </message>
</context>
<context>
    <name>cc::ui::AblationPanel</name>
    <message>
        <source>Simulator controls (a model, not physical interventions)</source>
        <translation>模拟器控制（模型控制，而非物理干预）</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>去除%1</translation>
    </message>
    <message>
        <source>isolated: every collective alone, as a microbenchmark</source>
        <translation>隔离：每个集合通信单独运行，如同微基准测试</translation>
    </message>
    <message>
        <source>Which single control flips which decision appears here after a scan.</source>
        <translation>扫描后，此处会显示哪个单独的控制项反转了哪个决策。</translation>
    </message>
    <message>
        <source>Scan what the ranking depends on</source>
        <translation>扫描排名依赖哪些因素</translation>
    </message>
    <message>
        <source>Replays under each control alone and lists which pairs each one flips</source>
        <translation>逐一在每个控制项下重放，并列出每项会反转哪些配置对</translation>
    </message>
    <message>
        <source>Ranking: configurations × metrics (position · latency)</source>
        <translation>排名：配置 × 指标（名次 · 延迟）</translation>
    </message>
    <message>
        <source>Pairwise decisions: &lt; first faster, &gt; second faster, ≈ tie (flipped ones marked)</source>
        <translation>成对决策：&lt; 前者更快，&gt; 后者更快，≈ 持平（已标出反转项）</translation>
    </message>
    <message>
        <source>Open a trace to see its configuration ranking.</source>
        <translation>打开一个轨迹以查看其配置排名。</translation>
    </message>
    <message>
        <source>Replaying %1…</source>
        <translation>正在重放：%1…</translation>
    </message>
    <message>
        <source>Unablated replay under %1 configurations; toggle a control to see which decisions depend on it.</source>
        <translation>在 %1 个配置下的未消融重放；切换某个控制项，即可查看哪些决策依赖于它。</translation>
    </message>
    <message>
        <source>No decision flips %1 (replayed in %2 ms).</source>
        <translation>%1 时没有决策反转（重放用时 %2 毫秒）。</translation>
    </message>
    <message>
        <source>%1 of %2 decisions flip %3 (replayed in %4 ms):</source>
        <translation>%2 个决策中有 %1 个反转，条件：%3（重放用时 %4 毫秒）：</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <source>Scanning what the ranking depends on</source>
        <translation>正在扫描排名依赖的因素</translation>
    </message>
    <message>
        <source>isolation</source>
        <translation>隔离</translation>
    </message>
    <message>
        <source>%1 depends on %2</source>
        <translation>%1 取决于 %2</translation>
    </message>
    <message>
        <source>%1 vs %2: %3</source>
        <translation>%1 对 %2：%3</translation>
    </message>
    <message>
        <source>No single control flips any decision: the ranking is robust to each.</source>
        <translation>没有任何单个控制项会反转决策：排名对每一项都稳健。</translation>
    </message>
</context>
<context>
    <name>cc::ui::Artifact</name>
    <message>
        <source>Trace</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <source>Canary</source>
        <translation>Canary</translation>
    </message>
    <message>
        <source>Replay report</source>
        <translation>重放报告</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Configuration set</source>
        <translation>配置集</translation>
    </message>
</context>
<context>
    <name>cc::ui::ArtifactModel</name>
    <message>
        <source>%1 (active)</source>
        <translation>%1（当前）</translation>
    </message>
    <message>
        <source>Relation</source>
        <translation>关系</translation>
    </message>
    <message>
        <source>Artifact</source>
        <translation>工件</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>cc::ui::ArtifactStore</name>
    <message>
        <source>same normalised trace as %1</source>
        <translation>与 %1 为同一规范化轨迹</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2 的%1</translation>
    </message>
    <message>
        <source>verifies %1</source>
        <translation>验证 %1</translation>
    </message>
    <message>
        <source>verified in %1</source>
        <translation>已在 %1 中验证</translation>
    </message>
    <message>
        <source>source of %1 (%2)</source>
        <translation>%1 的源（%2）</translation>
    </message>
</context>
<context>
    <name>cc::ui::ConfigTimingModel</name>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Rank wait</source>
        <translation>rank 等待</translation>
    </message>
    <message>
        <source>Queue wait</source>
        <translation>队列等待</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
</context>
<context>
    <name>cc::ui::DiagnosticsModel</name>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistributionPanel</name>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save both charts as PNG or SVG</source>
        <translation>将两个图表保存为 PNG 或 SVG</translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <source>Waiting for the replay…</source>
        <translation>正在等待重放…</translation>
    </message>
    <message>
        <source>Open a trace to see its distributions.</source>
        <translation>打开一个轨迹以查看其分布。</translation>
    </message>
    <message>
        <source>Computing latency distributions</source>
        <translation>正在计算延迟分布</translation>
    </message>
    <message>
        <source>Replay %1 · a model, not a measurement of hardware</source>
        <translation>重放 %1 · 这是模型，不是硬件测量</translation>
    </message>
    <message>
        <source>all phases</source>
        <translation>所有阶段</translation>
    </message>
    <message>
        <source>all operations</source>
        <translation>所有操作</translation>
    </message>
    <message>
        <source>Latency CDF (log time axis)</source>
        <translation>延迟 CDF（对数时间轴）</translation>
    </message>
    <message>
        <source>Latency histogram (log-spaced bins)</source>
        <translation>延迟直方图（对数间隔分箱）</translation>
    </message>
    <message>
        <source>latency (µs)</source>
        <translation>延迟（微秒）</translation>
    </message>
    <message>
        <source>fraction of samples</source>
        <translation>样本比例</translation>
    </message>
    <message>
        <source>share of samples</source>
        <translation>样本占比</translation>
    </message>
    <message>
        <source>%1 p50/p95/p99/max</source>
        <translation>%1 p50/p95/p99/最大值</translation>
    </message>
    <message>
        <source>CommCanary latency distributions</source>
        <translation>CommCanary 延迟分布</translation>
    </message>
    <message>
        <source>Export distributions</source>
        <translation>导出分布</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 绘图 (*.svg)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistributionSummaryModel</name>
    <message>
        <source>%1 (canary)</source>
        <translation>%1（canary）</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
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
        <translation>最大值</translation>
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
        <translation>发现 %1 个问题；未加载也未写入任何内容。</translation>
    </message>
</context>
<context>
    <name>cc::ui::EventDetailsWidget</name>
    <message>
        <source>Click an event in the timeline to see its fields and its simulated timing under every configuration.</source>
        <translation>在时间线中点击一个事件，查看其字段以及在每个配置下的模拟时序。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · event %2 of %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · 事件 %2 / %3</translation>
    </message>
</context>
<context>
    <name>cc::ui::JobError</name>
    <message>
        <source>The operation was cancelled.</source>
        <translation>操作已取消。</translation>
    </message>
    <message>
        <source>Out of memory.</source>
        <translation>内存不足。</translation>
    </message>
    <message>
        <source>An unknown error occurred.</source>
        <translation>发生未知错误。</translation>
    </message>
    <message>
        <source>No error</source>
        <translation>无错误</translation>
    </message>
    <message>
        <source>Invalid input</source>
        <translation>无效输入</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>Negative result</source>
        <translation>否定结果</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
</context>
<context>
    <name>cc::ui::JobProgressWidget</name>
    <message>
        <source>Cancel this job</source>
        <translation>取消此任务</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source> (+%1 more)</source>
        <translation>（另有 %1 个）</translation>
    </message>
</context>
<context>
    <name>cc::ui::JobRunner</name>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>cc::ui::MainWindow</name>
    <message>
        <source>The replay failed</source>
        <translation>重放失败</translation>
    </message>
    <message>
        <source>Artifacts</source>
        <translation>工件</translation>
    </message>
    <message>
        <source>Tail Windows</source>
        <translation>尾部窗口</translation>
    </message>
    <message>
        <source>Event Details</source>
        <translation>事件详情</translation>
    </message>
    <message>
        <source>Range Statistics</source>
        <translation>区间统计</translation>
    </message>
    <message>
        <source>Latency Distributions</source>
        <translation>延迟分布</translation>
    </message>
    <message>
        <source>Ablations and Ranking</source>
        <translation>消融与排名</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open traces, replay reports or configuration sets</source>
        <translation>打开轨迹、重放报告或配置集</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Cancel Running Jobs</source>
        <translation>取消正在运行的任务(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Close Artifact</source>
        <translation>关闭工件(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>重放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Configuration</source>
        <translation>配置(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About CommCanary Workbench</source>
        <translation>关于 CommCanary 工作台(&amp;A)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Clear the List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Configuration: %1 (set %2)</source>
        <translation>配置：%1（配置集 %2）</translation>
    </message>
    <message>
        <source>Simulator controls: %1</source>
        <translation>模拟器控制：%1</translation>
    </message>
    <message>
        <source>%1 — CommCanary Workbench</source>
        <translation>%1 — CommCanary 工作台</translation>
    </message>
    <message>
        <source>CommCanary Workbench</source>
        <translation>CommCanary 工作台</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>CommCanary files (*.json *.json.gz);;Traces (*.trace.json *.json.gz);;All files (*)</source>
        <translation>CommCanary 文件 (*.json *.json.gz);;轨迹 (*.trace.json *.json.gz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>About CommCanary Workbench</source>
        <translation>关于 CommCanary 工作台</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CommCanary Workbench %1&lt;/h3&gt;&lt;p&gt;Distils communication traces of distributed LLM workloads into small, verified, replayable canaries.&lt;/p&gt;&lt;p&gt;Replays come from a deterministic scheduler model of contention and overlap: they are not measurements of hardware and not NCCL.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CommCanary 工作台 %1&lt;/h3&gt;&lt;p&gt;将分布式 LLM 工作负载的通信轨迹提炼为小型、经过验证、可重放的 canary。&lt;/p&gt;&lt;p&gt;重放结果来自一个关于争用与重叠的确定性调度模型：它们不是硬件测量，也不是 NCCL。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes the next time the workbench starts.</source>
        <translation>语言将在下次启动工作台时更改。</translation>
    </message>
    <message>
        <source>Show in the Timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>Replay under this Configuration Set</source>
        <translation>在此配置集下重放</translation>
    </message>
    <message>
        <source>Verify against its Trace</source>
        <translation>对照其轨迹验证</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Verify behaviour</source>
        <translation>验证行为</translation>
    </message>
    <message>
        <source>Open a trace and a canary compiled from it first: the canary's source SHA-256 must equal the trace's normalised SHA-256.</source>
        <translation>请先打开一个轨迹和由它编译的 canary：canary 的源 SHA-256 必须等于轨迹的规范化 SHA-256。</translation>
    </message>
    <message>
        <source>verification of %1</source>
        <translation>%1 的验证</translation>
    </message>
    <message>
        <source>Verifying the behaviour of %1</source>
        <translation>正在验证 %1 的行为</translation>
    </message>
    <message>
        <source>Verify report</source>
        <translation>验证报告</translation>
    </message>
    <message>
        <source>Open the trace this report was replayed from first (its normalised SHA-256 is %1).</source>
        <translation>请先打开生成此报告所重放的轨迹（其规范化 SHA-256 为 %1）。</translation>
    </message>
    <message>
        <source>Verifying %1</source>
        <translation>正在验证 %1</translation>
    </message>
    <message>
        <source>%1 replays bit for bit.</source>
        <translation>%1 可逐位重放。</translation>
    </message>
    <message>
        <source>%1 does not replay as written: %2</source>
        <translation>%1 的重放结果与记录不符：%2</translation>
    </message>
</context>
<context>
    <name>cc::ui::PairMatrixModel</name>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1（原 %2）</translation>
    </message>
    <message>
        <source>%1 (%2: %3, %4: %5)</source>
        <translation>%1（%2：%3，%4：%5）</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对 %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::PropertyModel</name>
    <message>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>cc::ui::RankingMatrixModel</name>
    <message>
        <source>#%1 (was #%2) · %3</source>
        <translation>#%1（原 #%2）· %3</translation>
    </message>
    <message>
        <source>#%1 · %2</source>
        <translation>#%1 · %2</translation>
    </message>
    <message>
        <source>Unablated: %1, position %2</source>
        <translation>未消融：%1，名次 %2</translation>
    </message>
</context>
<context>
    <name>cc::ui::ReplayController</name>
    <message>
        <source>default (built in)</source>
        <translation>默认（内置）</translation>
    </message>
    <message>
        <source>Replaying under %1 configurations</source>
        <translation>正在 %1 个配置下重放</translation>
    </message>
    <message>
        <source>Replaying %1</source>
        <translation>正在重放：%1</translation>
    </message>
</context>
<context>
    <name>cc::ui::TailWindowModel</name>
    <message>
        <source>Summed latency of the window's tail events (at or above the configuration's p99)</source>
        <translation>窗口内尾部事件（不低于该配置的 p99）的延迟总和</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Begins at</source>
        <translation>开始于</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件数</translation>
    </message>
    <message>
        <source>Tail events</source>
        <translation>尾部事件</translation>
    </message>
    <message>
        <source>Max latency</source>
        <translation>最大延迟</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>代价</translation>
    </message>
</context>
<context>
    <name>cc::ui::TimelinePanel</name>
    <message>
        <source>The configuration whose simulated timing the timeline draws</source>
        <translation>时间线所绘制的模拟时序所属的配置</translation>
    </message>
    <message>
        <source>per scheduler resource</source>
        <translation>按调度资源</translation>
    </message>
    <message>
        <source>per process group</source>
        <translation>按进程组</translation>
    </message>
    <message>
        <source>per rank</source>
        <translation>按 rank</translation>
    </message>
    <message>
        <source>Configuration:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <source>Lanes:</source>
        <translation>泳道：</translation>
    </message>
    <message>
        <source>Drag with the right mouse button (or Shift and the left button) across the timeline to see the statistics of a range; double-click it or press Z to zoom in.</source>
        <translation>在时间线上按住右键（或 Shift 加左键）拖动，查看一个区间的统计；双击或按 Z 键放大到该区间。</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom in around the centre</source>
        <translation>围绕中心放大</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Zoom out around the centre</source>
        <translation>围绕中心缩小</translation>
    </message>
    <message>
        <source>Show &amp;Everything</source>
        <translation>显示全部(&amp;E)</translation>
    </message>
    <message>
        <source>Fit the whole trace</source>
        <translation>显示整个轨迹</translation>
    </message>
    <message>
        <source>Zoom to &amp;Selection</source>
        <translation>缩放到所选区间(&amp;S)</translation>
    </message>
    <message>
        <source>Zoom to the dragged range</source>
        <translation>缩放到拖选的区间</translation>
    </message>
    <message>
        <source>&amp;Next Tail Window</source>
        <translation>下一个尾部窗口(&amp;N)</translation>
    </message>
    <message>
        <source>Centre and zoom the next tail window</source>
        <translation>居中并放大下一个尾部窗口</translation>
    </message>
    <message>
        <source>&amp;Previous Tail Window</source>
        <translation>上一个尾部窗口(&amp;P)</translation>
    </message>
    <message>
        <source>Centre and zoom the previous tail window</source>
        <translation>居中并放大上一个尾部窗口</translation>
    </message>
    <message>
        <source>Tail windows</source>
        <translation>尾部窗口</translation>
    </message>
    <message>
        <source>Highlight the tail windows</source>
        <translation>高亮尾部窗口</translation>
    </message>
    <message>
        <source>Preparing the timeline</source>
        <translation>正在准备时间线</translation>
    </message>
    <message>
        <source>No replay yet: events are drawn at their issue time with a duration of 0</source>
        <translation>尚未重放：事件按发出时间绘制，持续时间为 0</translation>
    </message>
    <message>
        <source>rank wait</source>
        <translation>rank 等待</translation>
    </message>
    <message>
        <source>queue wait</source>
        <translation>队列等待</translation>
    </message>
    <message>
        <source>tail window</source>
        <translation>尾部窗口</translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation>未加载轨迹</translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation>正在重放…</translation>
    </message>
    <message>
        <source>No replay yet</source>
        <translation>尚未重放</translation>
    </message>
    <message>
        <source>%1 · %2 · tail windows: %3 (latency at or above p99 = %4)</source>
        <translation>%1 · %2 · 尾部窗口：%3（延迟不低于 p99 = %4）</translation>
    </message>
    <message>
        <source> · window %1 selected</source>
        <translation> · 已选窗口 %1</translation>
    </message>
    <message>
        <source>Summarising the selected range</source>
        <translation>正在汇总所选区间</translation>
    </message>
    <message>
        <source>Statistics of the events issued in the selected range.</source>
        <translation>所选区间内发出的事件的统计。</translation>
    </message>
</context>
<context>
    <name>cc::ui::TimelineView</name>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Open a trace (File ▸ Open, or drop a file here) to see its timeline.</source>
        <translation>打开一个轨迹（文件 ▸ 打开，或将文件拖放到此处）以查看其时间线。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;issued at %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; %2&lt;br&gt;发出时间 %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;id %1</source>
        <translation>&lt;br&gt;ID %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;latency %1 (rank wait %2, queue wait %3) under %4</source>
        <translation>&lt;br&gt;在 %4 下延迟 %1（rank 等待 %2，队列等待 %3）</translation>
    </message>
    <message>
        <source>&lt;br&gt;no replay yet: drawn at its issue time</source>
        <translation>&lt;br&gt;尚未重放：按发出时间绘制</translation>
    </message>
</context>
<context>
    <name>cc::ui::Units</name>
    <message>
        <source>%1 ns</source>
        <translation>%1 纳秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
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
        <translation>%1%</translation>
    </message>
</context>
<context>
    <name>cc::ui::VerificationStepper</name>
    <message>
        <source>I have reviewed this page's evidence</source>
        <translation>我已审阅本页的证据</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Export Review Record…</source>
        <translation>导出审阅记录…</translation>
    </message>
    <message>
        <source>Run verify-behavior on the active trace and its canary</source>
        <translation>对当前轨迹及其 canary 运行 verify-behavior</translation>
    </message>
    <message>
        <source>Open a verification file, or run verify-behavior on a trace and a canary compiled from it.</source>
        <translation>打开一个验证文件，或对一个轨迹及由其编译的 canary 运行 verify-behavior。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · claim: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · 结论：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Summary&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;摘要&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>The claim is derived from the statuses, never chosen.</source>
        <translation>结论由各项状态推导得出，而非人为选择。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Claim: &lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;结论：&lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;%1: &lt;b&gt;%2&lt;/b&gt; (%3)&lt;/li&gt;</source>
        <translation>&lt;li&gt;%1：&lt;b&gt;%2&lt;/b&gt;（%3）&lt;/li&gt;</translation>
    </message>
    <message>
        <source>reviewed</source>
        <translation>已审阅</translation>
    </message>
    <message>
        <source>not reviewed</source>
        <translation>未审阅</translation>
    </message>
    <message>
        <source>&lt;p&gt;Why: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;原因：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Not proven: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;未证明：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;%1: &lt;span style="color:%2"&gt;%3&lt;/span&gt;&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;%1：&lt;span style="color:%2"&gt;%3&lt;/span&gt;&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Export review record</source>
        <translation>导出审阅记录</translation>
    </message>
    <message>
        <source>Review record (*.json)</source>
        <translation>审阅记录 (*.json)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>cc::ui::ZoomHistory</name>
    <message>
        <source>Zoom &amp;Back</source>
        <translation>缩放后退(&amp;B)</translation>
    </message>
    <message>
        <source>Return to the previous zoom range</source>
        <translation>返回上一个缩放范围</translation>
    </message>
    <message>
        <source>Zoom &amp;Forward</source>
        <translation>缩放前进(&amp;F)</translation>
    </message>
    <message>
        <source>Go forward to the next zoom range</source>
        <translation>前进到下一个缩放范围</translation>
    </message>
</context>
</TS>
