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
    <message>
        <source>run (one token repeated; exact)</source>
        <translation>游程（单个 token 重复；精确）</translation>
    </message>
    <message>
        <source>motif (a repeated body of tokens; exact)</source>
        <translation>模体（重复的一组 token；精确）</translation>
    </message>
    <message>
        <source>literal (tokens in order, once; exact)</source>
        <translation>字面量（按顺序的 token，仅出现一次；精确）</translation>
    </message>
    <message>
        <source>interval (timing approximated within bounds)</source>
        <translation>区间（时序在界限内近似）</translation>
    </message>
    <message>
        <source>0 (every field exact)</source>
        <translation>0（所有字段均精确）</translation>
    </message>
    <message>
        <source>Canary segment</source>
        <translation>canary 段</translation>
    </message>
    <message>
        <source>Canary</source>
        <translation>Canary</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>Canary coverage</source>
        <translation>canary 覆盖范围</translation>
    </message>
    <message>
        <source>%1, %2, claim %3</source>
        <translation>%1，%2，结论 %3</translation>
    </message>
    <message>
        <source>Source event</source>
        <translation>源事件</translation>
    </message>
    <message>
        <source>Segment</source>
        <translation>段</translation>
    </message>
    <message>
        <source>none: the canary keeps a subset of %1 source events, and not this one</source>
        <translation>无：该 canary 只保留了 %1 个源事件的子集，不包含此事件</translation>
    </message>
    <message>
        <source>none: the canary covers source events %1 – %2 only</source>
        <translation>无：该 canary 仅覆盖源事件 %1 – %2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1（共 %2 个）</translation>
    </message>
    <message>
        <source>Index in the canary&apos;s segment list, counted from 0</source>
        <translation>在 canary 段列表中的索引，从 0 开始计数</translation>
    </message>
    <message>
        <source>Segment kind</source>
        <translation>段类型</translation>
    </message>
    <message>
        <source>Source events</source>
        <translation>源事件</translation>
    </message>
    <message>
        <source>%1 – %2 (%3 events)</source>
        <translation>%1 – %2（%3 个事件）</translation>
    </message>
    <message>
        <source>Position in segment</source>
        <translation>段内位置</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>程序</translation>
    </message>
    <message>
        <source>%1 stored items (%2 events) × %3 repeats, then %4 items once more</source>
        <translation>%1 个存储项（%2 个事件）× %3 次重复，然后再执行 %4 项一次</translation>
    </message>
    <message>
        <source>Error bounds</source>
        <translation>误差界限</translation>
    </message>
    <message>
        <source>The true per-field maximum error of this interval (ns; pressure in 1e-9 units):
%1</source>
        <translation>此区间各字段的实际最大误差（ns；压力以 1e-9 为单位）：
%1</translation>
    </message>
    <message>
        <source>Commitment (SHA-256)</source>
        <translation>承诺（SHA-256）</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical bytes of source events %1 – %2:
%3</source>
        <translation>源事件 %1 – %2 的规范字节的 SHA-256：
%3</translation>
    </message>
</context>
<context>
    <name>DistributionText</name>
    <message>
        <source>Distributions ready</source>
        <translation>分布已就绪</translation>
    </message>
    <message>
        <source>Scanning samples of %1</source>
        <translation>正在扫描 %1 的样本</translation>
    </message>
    <message>
        <source>Sorting samples of %1</source>
        <translation>正在排序 %1 的样本</translation>
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
    <message>
        <source>Serialised size</source>
        <translation>序列化大小</translation>
    </message>
    <message>
        <source>Imported from</source>
        <translation>导入自</translation>
    </message>
    <message>
        <source>a PyTorch profiler (Kineto) file, %1 profile events; observational and single-rank</source>
        <translation>PyTorch 性能分析器（Kineto）文件，%1 个分析事件；仅观测，单个 rank</translation>
    </message>
    <message>
        <source>Import note</source>
        <translation>导入说明</translation>
    </message>
    <message>
        <source>Deciding the configuration pairs</source>
        <translation>正在判定配置对</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Trace SHA-256</source>
        <translation>轨迹 SHA-256</translation>
    </message>
    <message>
        <source>Proxies</source>
        <translation>代理</translation>
    </message>
    <message>
        <source>Recorded passes</source>
        <translation>记录的轮次</translation>
    </message>
    <message>
        <source>Reading campaign results</source>
        <translation>正在读取实验结果</translation>
    </message>
</context>
<context>
    <name>RangeText</name>
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
    <name>SaveText</name>
    <message>
        <source>%1: the artifact to save is no longer open</source>
        <translation>%1：要保存的工件已不再打开</translation>
    </message>
    <message>
        <source>%1: %2 has no bytes of its own to save</source>
        <translation>%1：%2 没有可保存的自身字节</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>正在写入 %1</translation>
    </message>
</context>
<context>
    <name>SearchText</name>
    <message>
        <source>&quot;%1&quot;: nothing after the colon</source>
        <translation>“%1”：冒号后没有内容</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: a rank is a number (3) or a range (0-7)</source>
        <translation>“%1”：rank 应为一个数字（3）或一个范围（0-7）</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: a size is bytes with an optional unit (4096, 4KiB, 16MiB), a range (1MiB-16MiB) or a bound (&gt;=1MiB, &lt;4KiB)</source>
        <translation>“%1”：size 应为字节数，可带单位（4096、4KiB、16MiB），或一个范围（1MiB-16MiB），或一个界限（&gt;=1MiB、&lt;4KiB）</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: unknown field &quot;%2&quot; (use op, group, rank, size, id or phase)</source>
        <translation>“%1”：未知字段“%2”（可用 op、group、rank、size、id 或 phase）</translation>
    </message>
    <message>
        <source>Searching the timeline</source>
        <translation>正在搜索时间线</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <source>Filling lanes</source>
        <translation>正在填充泳道</translation>
    </message>
    <message>
        <source>Assigning events to lanes</source>
        <translation>正在将事件分配到泳道</translation>
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
    <message>
        <source>no ranks</source>
        <translation>无 rank</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>stream %1 (%2)</source>
        <translation>流 %1（%2）</translation>
    </message>
    <message>
        <source>group %1 (%2)</source>
        <translation>组 %1（%2）</translation>
    </message>
    <message>
        <source>%1 group (%2)</source>
        <translation>%1 组（%2）</translation>
    </message>
    <message>
        <source>no group (%1)</source>
        <translation>无组（%1）</translation>
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
        <source>fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>Every configuration pair and metric: the relation under the source and under the canary. Disagreements first.</source>
        <translation>每对配置和每个指标：在源轨迹和 canary 下的关系。不一致的排在前面。</translation>
    </message>
    <message>
        <source>gap</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>arrival offset</source>
        <translation>到达偏移</translation>
    </message>
    <message>
        <source>arrival skew</source>
        <translation>到达偏差</translation>
    </message>
    <message>
        <source>compute before</source>
        <translation>之前的计算</translation>
    </message>
    <message>
        <source>compute overlap</source>
        <translation>计算重叠</translation>
    </message>
    <message>
        <source>compute pressure (10⁻⁹)</source>
        <translation>计算压力（10⁻⁹）</translation>
    </message>
    <message>
        <source>exposed latency</source>
        <translation>暴露延迟</translation>
    </message>
    <message>
        <source>drift</source>
        <translation>漂移</translation>
    </message>
    <message>
        <source>Segment %1 (events %2 to %3)</source>
        <translation>段 %1（事件 %2 至 %3）</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>The compiler&apos;s attested timing mode, re-checked against the source event by event. Drift (the cumulative issue-time error) is measured and shown; it follows from gap error and has no bound of its own.</source>
        <translation>编译器声明的时序模式，已逐个事件对照源轨迹复核。漂移（发出时间的累积误差）会被测量并显示；它由间隔误差导致，没有单独的界限。</translation>
    </message>
    <message>
        <source>Attested by</source>
        <translation>声明方</translation>
    </message>
    <message>
        <source>the compiler, in the canary header</source>
        <translation>编译器（在 canary 文件头中）</translation>
    </message>
    <message>
        <source>Re-checked by</source>
        <translation>复核方法</translation>
    </message>
    <message>
        <source>Canary events map onto source events</source>
        <translation>canary 事件可映射到源事件</translation>
    </message>
    <message>
        <source>Segments checked</source>
        <translation>已检查的段</translation>
    </message>
    <message>
        <source>Segments failing</source>
        <translation>未通过的段</translation>
    </message>
    <message>
        <source>Largest measured error: %1</source>
        <translation>最大实测误差：%1</translation>
    </message>
    <message>
        <source>Declared bound: %1</source>
        <translation>声明的界限：%1</translation>
    </message>
    <message>
        <source>%1/%2 segments recompute</source>
        <translation>%1/%2 个段经重新计算确认</translation>
    </message>
    <message>
        <source>Each SHA-256 commitment of the canary recomputed from the source&apos;s canonical bytes.</source>
        <translation>canary 的每个 SHA-256 承诺，均从源轨迹的规范字节重新计算。</translation>
    </message>
    <message>
        <source>Source (normalised SHA-256)</source>
        <translation>源（规范化 SHA-256）</translation>
    </message>
    <message>
        <source>Source the canary names</source>
        <translation>canary 声明的源</translation>
    </message>
    <message>
        <source>The canary names this source</source>
        <translation>canary 声明的正是此源</translation>
    </message>
    <message>
        <source>Source events</source>
        <translation>源事件</translation>
    </message>
    <message>
        <source>Source events the canary names</source>
        <translation>canary 声明的源事件数</translation>
    </message>
    <message>
        <source>Covered range recomputes</source>
        <translation>覆盖范围经重新计算确认</translation>
    </message>
    <message>
        <source>Covered range recomputed as</source>
        <translation>覆盖范围的重新计算方式</translation>
    </message>
    <message>
        <source>the chain of the segments&apos; commitments</source>
        <translation>各段承诺组成的链</translation>
    </message>
    <message>
        <source>the canonical bytes of the event range</source>
        <translation>事件范围的规范字节</translation>
    </message>
    <message>
        <source>Segments whose commitment recomputes</source>
        <translation>承诺经重新计算确认的段</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1（共 %2 个）</translation>
    </message>
    <message>
        <source>Whether the canary covers the whole normalised source, and whether its header says so truthfully.</source>
        <translation>canary 是否覆盖整个规范化源轨迹，以及其文件头的声明是否属实。</translation>
    </message>
    <message>
        <source>Coverage the canary declares</source>
        <translation>canary 声明的覆盖范围</translation>
    </message>
    <message>
        <source>Coverage found</source>
        <translation>实际覆盖范围</translation>
    </message>
    <message>
        <source>Covered source events</source>
        <translation>覆盖的源事件</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Kept runs of the subset</source>
        <translation>子集保留的连续区段数</translation>
    </message>
    <message>
        <source>Events the canary replays</source>
        <translation>canary 重放的事件数</translation>
    </message>
    <message>
        <source>Claim in the canary&apos;s header</source>
        <translation>canary 文件头中的结论</translation>
    </message>
    <message>
        <source>present in both</source>
        <translation>两者均存在</translation>
    </message>
    <message>
        <source>hidden communication share</source>
        <translation>隐藏通信占比</translation>
    </message>
    <message>
        <source>(no phase)</source>
        <translation>（无阶段）</translation>
    </message>
    <message>
        <source>Every configuration and metric: source value, canary value, difference and tolerance. Failing checks first.</source>
        <translation>每个配置和指标：源值、canary 值、差值与容差。未通过的检查排在前面。</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>%1 (%2 samples)</source>
        <translation>%1（%2 个样本）</translation>
    </message>
    <message>
        <source>%1 tail samples</source>
        <translation>%1 个尾部样本</translation>
    </message>
    <message>
        <source>%1 recalled</source>
        <translation>召回 %1 个</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>至少 %1</translation>
    </message>
    <message>
        <source>tie</source>
        <translation>持平</translation>
    </message>
    <message>
        <source>%1 faster</source>
        <translation>%1 更快</translation>
    </message>
    <message>
        <source>%1/%2 decisions agree</source>
        <translation>%1/%2 个决策一致</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <comment>fidelity check: scope (phase or operation), its name, metric</comment>
        <translation>%1 %2：%3</translation>
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
    <message>
        <source>No decision flips %1 (replayed in %2).</source>
        <translation>%1 时没有决策反转（重放用时 %2）。</translation>
    </message>
    <message>
        <source>%1 of %2 decisions flip %3 (replayed in %4):</source>
        <translation>%2 个决策中有 %1 个反转，条件：%3（重放用时 %4）：</translation>
    </message>
</context>
<context>
    <name>cc::ui::AllreduceModelView</name>
    <message>
        <source>%1 (%2 GB/s per direction)</source>
        <translation>%1（每方向 %2 GB/s）</translation>
    </message>
    <message>
        <source>%1
%2 (consulted %3)
%4</source>
        <translation>%1
%2（查阅于 %3）
%4</translation>
    </message>
    <message>
        <source>Run a cell to compare its buckets with the model.</source>
        <translation>运行一个单元，以将其桶与模型进行比较。</translation>
    </message>
    <message>
        <source>Interconnect:</source>
        <translation>互连：</translation>
    </message>
    <message>
        <source>The ring model has no latency term to fit for one rank: run at least two.</source>
        <translation>只有一个 rank 时，环形模型没有可拟合的延迟项：请至少运行两个。</translation>
    </message>
    <message>
        <source>Fitting α…</source>
        <translation>正在拟合 α…</translation>
    </message>
    <message>
        <source>Fitting the ring all-reduce model</source>
        <translation>正在拟合环形 all-reduce 模型</translation>
    </message>
    <message>
        <source>Ring all-reduce model (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B with p = %1, B = %2 (%3), α = %4 fitted to the %5 measured bucket(s); residual RMS %6.</source>
        <translation>环形 all-reduce 模型（Patarasuk–Yuan）：T = 2(p−1)·α + 2(p−1)/p · n/B，其中 p = %1，B = %2（%3），α = %4（由 %5 个实测桶拟合）；残差 RMS %6。</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>The model could not be fitted: %1</source>
        <translation>无法拟合模型：%1</translation>
    </message>
    <message>
        <source>Per-bucket all-reduce latency: measured vs model</source>
        <translation>每个桶的 all-reduce 延迟：实测与模型对比</translation>
    </message>
    <message>
        <source>measured (slowest rank&apos;s median)</source>
        <translation>实测（最慢 rank 的中位数）</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>model (ring, fitted α)</source>
        <translation>模型（环形，拟合 α）</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>fitted to this cell</source>
        <translation>由本单元拟合</translation>
    </message>
    <message>
        <source>Load Calibration…</source>
        <translation>加载校准…</translation>
    </message>
    <message>
        <source>Read a calibration file written by “commcanary capture calibrate” and draw the model with its α and bandwidth</source>
        <translation>读取由“commcanary capture calibrate”写出的校准文件，并用其 α 和带宽绘制模型</translation>
    </message>
    <message>
        <source>Calibration:</source>
        <translation>校准：</translation>
    </message>
    <message>
        <source>Load Calibration</source>
        <translation>加载校准</translation>
    </message>
    <message>
        <source>Calibration files (*.json);;All files (*)</source>
        <translation>校准文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading the calibration file %1…</source>
        <translation>正在读取校准文件 %1…</translation>
    </message>
    <message>
        <source>Reading a calibration file</source>
        <translation>正在读取校准文件</translation>
    </message>
    <message>
        <source>calibration file: %1</source>
        <translation>校准文件：%1</translation>
    </message>
    <message>
        <source>The calibration file %1 could not be read: %2</source>
        <translation>无法读取校准文件 %1：%2</translation>
    </message>
    <message>
        <source>Ring all-reduce model (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B with p = %1, α = %2 and B = %3 from the calibration file %4 (%5, %6/%7); residual RMS over the %8 measured bucket(s) %9.</source>
        <translation>环形 all-reduce 模型（Patarasuk–Yuan）：T = 2(p−1)·α + 2(p−1)/p · n/B，其中 p = %1，α = %2、B = %3 取自校准文件 %4（%5，%6/%7）；%8 个实测桶上的残差 RMS %9。</translation>
    </message>
    <message>
        <source>The calibration ran %1 ranks and this cell %2: its α is used with the cell&apos;s p, so the model assumes the per-step latency does not depend on p.</source>
        <translation>校准使用 %1 个 rank，本单元使用 %2 个：其 α 与本单元的 p 一起使用，因此模型假定每步延迟与 p 无关。</translation>
    </message>
    <message>
        <source>microbenchmark (calibration file)</source>
        <translation>微基准测试（校准文件）</translation>
    </message>
    <message>
        <source>microbenchmark</source>
        <translation>微基准测试</translation>
    </message>
    <message>
        <source>bucket size (log scale)</source>
        <translation>桶大小（对数刻度）</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
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
    <message>
        <source>compiled from %1</source>
        <translation>由 %1 编译</translation>
    </message>
    <message>
        <source>searched from %1</source>
        <translation>由 %1 搜索得出</translation>
    </message>
    <message>
        <source>reduced from %1</source>
        <translation>由 %1 约简</translation>
    </message>
    <message>
        <source>Physical campaign</source>
        <translation>物理实验</translation>
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
    <message>
        <source>Made in the workbench and not saved yet (File ▸ Save)</source>
        <translation>在工作台中生成，尚未保存（文件 ▸ 保存）</translation>
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
    <name>cc::ui::BucketLatencyModel</name>
    <message>
        <source>Rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>All-reduces</source>
        <translation>all-reduce 次数</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
</context>
<context>
    <name>cc::ui::BudgetForm</name>
    <message>
        <source>Gap error bound (µs)</source>
        <translation>间隔误差界限（微秒）</translation>
    </message>
    <message>
        <source>Arrival-skew error bound (µs)</source>
        <translation>到达偏差误差界限（微秒）</translation>
    </message>
    <message>
        <source>Compute-overlap error bound (µs)</source>
        <translation>计算重叠误差界限（微秒）</translation>
    </message>
    <message>
        <source>Compute-before error bound (µs)</source>
        <translation>之前计算误差界限（微秒）</translation>
    </message>
    <message>
        <source>Exposed-latency error bound (µs)</source>
        <translation>暴露延迟误差界限（微秒）</translation>
    </message>
    <message>
        <source>Compute-pressure error bound (factor)</source>
        <translation>计算压力误差界限（系数）</translation>
    </message>
    <message>
        <source>no bound</source>
        <translation>无界限</translation>
    </message>
    <message>
        <source>Option --%1 of the command line</source>
        <translation>命令行选项 --%1</translation>
    </message>
</context>
<context>
    <name>cc::ui::CampaignConfigurationModel</name>
    <message>
        <source>%1 under %2: mean of %3 recorded passes</source>
        <translation>%1 在 %2 下：%3 个记录轮次的平均值</translation>
    </message>
    <message>
        <source>W-full (the real workload) under %1: mean step time of %2 recorded iterations</source>
        <translation>W-full（真实工作负载）在 %1 下：%2 次记录迭代的平均步时</translation>
    </message>
    <message>
        <source>W-full
mean step</source>
        <translation>W-full
平均步时</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <source>The ground truth: the real workload&apos;s mean step time under the configuration</source>
        <translation>基准真值：真实工作负载在该配置下的平均步时</translation>
    </message>
    <message>
        <source>%1: mean pass time under the configuration</source>
        <translation>%1：该配置下的平均单轮时间</translation>
    </message>
</context>
<context>
    <name>cc::ui::CampaignDecisionModel</name>
    <message>
        <source>✓ agrees</source>
        <translation>✓ 一致</translation>
    </message>
    <message>
        <source>✗ disagrees</source>
        <translation>✗ 不一致</translation>
    </message>
    <message>
        <source>= tie</source>
        <translation>= 持平</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1 is faster</source>
        <translation>%1 更快</translation>
    </message>
    <message>
        <source>no order</source>
        <translation>无先后</translation>
    </message>
    <message>
        <source>W-full cannot separate %1 and %2 (a tie, left out of the agreement)</source>
        <translation>W-full 无法区分 %1 和 %2（持平，不计入一致率）</translation>
    </message>
    <message>
        <source>W-full: %1</source>
        <translation>W-full：%1</translation>
    </message>
    <message>
        <source>%1; %2: %3</source>
        <translation>%1；%2：%3</translation>
    </message>
    <message>
        <source>%1 of %2 decided pairs kept</source>
        <translation>保持了 %2 个已判定配置对中的 %1 个</translation>
    </message>
    <message>
        <source>%1: agreement %2, Kendall tau %3, %4 decided and %5 tied pairs</source>
        <translation>%1：一致率 %2，Kendall tau %3，%4 个已判定、%5 个持平的配置对</translation>
    </message>
    <message>
        <source>%1
vs %2</source>
        <translation>%1
对 %2</translation>
    </message>
    <message>
        <source>W-full cannot separate these two configurations: a tie for every proxy</source>
        <translation>W-full 无法区分这两个配置：对每个代理都是持平</translation>
    </message>
    <message>
        <source>W-full: %1 is faster</source>
        <translation>W-full：%1 更快</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致率</translation>
    </message>
    <message>
        <source>Kendall tau</source>
        <translation>Kendall tau</translation>
    </message>
    <message>
        <source>Decided</source>
        <translation>已判定</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>持平</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>墙钟时间</translation>
    </message>
    <message>
        <source>Share of the pairs W-full decides on which the proxy orders the two configurations the same way</source>
        <translation>在 W-full 已判定的配置对中，代理对两个配置排序相同的比例</translation>
    </message>
    <message>
        <source>Kendall tau-b of the proxy&apos;s order of the configurations against W-full&apos;s</source>
        <translation>代理的配置排序相对于 W-full 排序的 Kendall tau-b</translation>
    </message>
    <message>
        <source>Pairs W-full separates</source>
        <translation>W-full 能区分的配置对</translation>
    </message>
    <message>
        <source>Pairs W-full cannot separate (left out of the agreement)</source>
        <translation>W-full 无法区分的配置对（不计入一致率）</translation>
    </message>
    <message>
        <source>Wall time of the proxy&apos;s replays under every configuration</source>
        <translation>代理在所有配置下重放的墙钟时间</translation>
    </message>
</context>
<context>
    <name>cc::ui::CampaignLauncher</name>
    <message>
        <source>A physical campaign runs the matrix&apos;s one capture cell under every physical configuration (the real workload, W-full), then replays the source trace, its canary and the baselines under each, and scores every proxy&apos;s ranking against W-full.</source>
        <translation>物理实验在每个物理配置下运行矩阵中的那一个捕获单元（真实工作负载，W-full），随后在每个配置下重放源轨迹、其 canary 和各基线，并对照 W-full 为每个代理的排名打分。</translation>
    </message>
    <message>
        <source>A capture matrix, as capture sweep reads it, that plans exactly one cell</source>
        <translation>一个捕获矩阵（按 capture sweep 的读取方式），且恰好规划一个单元</translation>
    </message>
    <message>
        <source>The physical configurations to run the cell and every proxy under (at least two)</source>
        <translation>运行该单元和每个代理所用的物理配置（至少两个）</translation>
    </message>
    <message>
        <source>The results folder: absent or empty, or a campaign of the same setup to resume</source>
        <translation>结果文件夹：不存在或为空，或是一个设置相同、待继续的实验</translation>
    </message>
    <message>
        <source>Resume the campaign in this folder (keep every complete cell and replay)</source>
        <translation>继续此文件夹中的实验（保留每个已完成的单元和重放）</translation>
    </message>
    <message>
        <source>Recorded passes per replay and configuration (at least 2: ties need a spread)</source>
        <translation>每次重放和每个配置记录的轮次（至少 2：判定持平需要离散度）</translation>
    </message>
    <message>
        <source>Unrecorded passes before them</source>
        <translation>之前不记录的轮次</translation>
    </message>
    <message>
        <source>Baselines to score beside the canary (isolated, random, frequency, cluster, stratified; empty for none)</source>
        <translation>与 canary 一同打分的基线（isolated、random、frequency、cluster、stratified；留空表示不使用）</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Sample count of every baseline</source>
        <translation>每个基线的样本数</translation>
    </message>
    <message>
        <source>Also the ddmin-reduced trace</source>
        <translation>同时包括 ddmin 约简后的轨迹</translation>
    </message>
    <message>
        <source>Its search runs the simulator many times</source>
        <translation>其搜索会多次运行模拟器</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Matrix:</source>
        <translation>矩阵：</translation>
    </message>
    <message>
        <source>Capture matrix</source>
        <translation>捕获矩阵</translation>
    </message>
    <message>
        <source>Physical configurations:</source>
        <translation>物理配置：</translation>
    </message>
    <message>
        <source>Physical configuration set</source>
        <translation>物理配置集</translation>
    </message>
    <message>
        <source>Results folder:</source>
        <translation>结果文件夹：</translation>
    </message>
    <message>
        <source>Results folder</source>
        <translation>结果文件夹</translation>
    </message>
    <message>
        <source>Repeats:</source>
        <translation>重复次数：</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>预热：</translation>
    </message>
    <message>
        <source>Baseline samples:</source>
        <translation>基线样本数：</translation>
    </message>
    <message>
        <source>Passes:</source>
        <translation>轮次：</translation>
    </message>
    <message>
        <source>Baselines:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>Launch Campaign</source>
        <translation>启动实验</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the campaign: the running ranks are terminated; what completed stays for resume</source>
        <translation>停止实验：正在运行的 rank 将被终止；已完成的部分保留以便继续</translation>
    </message>
    <message>
        <source>Running: %1</source>
        <translation>运行中：%1</translation>
    </message>
    <message>
        <source>Cancelled: the running ranks were stopped and no results were written; what completed is kept in %1 for resume.</source>
        <translation>已取消：正在运行的 rank 已停止，未写入任何结果；已完成的部分保留在 %1 中以便继续。</translation>
    </message>
    <message>
        <source>A campaign is running; cancel it or wait for it to end.</source>
        <translation>有实验正在运行；请取消它或等待其结束。</translation>
    </message>
    <message>
        <source>Choose a capture matrix that plans one cell.</source>
        <translation>请选择一个只规划一个单元的捕获矩阵。</translation>
    </message>
    <message>
        <source>Choose a physical configuration set.</source>
        <translation>请选择一个物理配置集。</translation>
    </message>
    <message>
        <source>Choose a results folder.</source>
        <translation>请选择一个结果文件夹。</translation>
    </message>
    <message>
        <source>Launch is disabled: %1</source>
        <translation>启动已禁用：%1</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Checking the campaign…</source>
        <translation>正在检查实验…</translation>
    </message>
    <message>
        <source>Physical campaign in %1</source>
        <translation>%1 中的物理实验</translation>
    </message>
    <message>
        <source>The campaign could not run: %1</source>
        <translation>实验无法运行：%1</translation>
    </message>
    <message>
        <source>Cancelling: stopping the running ranks…</source>
        <translation>正在取消：正在停止运行中的 rank…</translation>
    </message>
    <message>
        <source>%1 cells and %2 replays run, %3 cells and %4 replays kept from before</source>
        <translation>运行了 %1 个单元和 %2 次重放，保留了之前的 %3 个单元和 %4 次重放</translation>
    </message>
    <message>
        <source>Failed: %1 (%2). No results were written; resume to retry.</source>
        <translation>失败：%1（%2）。未写入任何结果；请继续实验以重试。</translation>
    </message>
    <message>
        <source>Completed: %1 is open in the Physical view (%2).</source>
        <translation>已完成：%1 已在“物理”视图中打开（%2）。</translation>
    </message>
</context>
<context>
    <name>cc::ui::CanaryVerifier</name>
    <message>
        <source>Choose a canary to verify.</source>
        <translation>请选择要验证的 canary。</translation>
    </message>
    <message>
        <source>Open the trace %1 was made from first: its normalised SHA-256 must be %2.</source>
        <translation>请先打开生成 %1 所用的轨迹：其规范化 SHA-256 必须为 %2。</translation>
    </message>
    <message>
        <source>Verify behaviour</source>
        <translation>验证行为</translation>
    </message>
    <message>
        <source>verification of %1</source>
        <translation>%1 的验证</translation>
    </message>
    <message>
        <source>Verifying the behaviour of %1</source>
        <translation>正在验证 %1 的行为</translation>
    </message>
</context>
<context>
    <name>cc::ui::CaptureForm</name>
    <message>
        <source>Number of ranks: one worker process each</source>
        <translation>rank 数量：每个 rank 一个工作进程</translation>
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
        <translation>CPU 张量</translation>
    </message>
    <message>
        <source>CUDA tensors</source>
        <translation>CUDA 张量</translation>
    </message>
    <message>
        <source>Residual MLP</source>
        <translation>残差 MLP</translation>
    </message>
    <message>
        <source>GPT-style decoder</source>
        <translation>GPT 风格解码器</translation>
    </message>
    <message>
        <source>Target parameter count: 1M, 10M, 150M, 400M, 2500000, …</source>
        <translation>目标参数量：1M, 10M, 150M, 400M, 2500000, …</translation>
    </message>
    <message>
        <source>Recorded iterations</source>
        <translation>记录的迭代次数</translation>
    </message>
    <message>
        <source>Warm-up iterations before recording, excluded from every result</source>
        <translation>记录前的预热迭代次数，不计入任何结果</translation>
    </message>
    <message>
        <source>Gradient bucket cap in MiB (DDP&apos;s bucket_cap_mb), e.g. 25 or 0.5</source>
        <translation>梯度桶上限，单位 MiB（DDP 的 bucket_cap_mb），例如 25 或 0.5</translation>
    </message>
    <message>
        <source>measured (MemAvailable)</source>
        <translation>实测（MemAvailable）</translation>
    </message>
    <message>
        <source>Declared host memory budget, e.g. 12GiB; empty: what /proc/meminfo says is available</source>
        <translation>声明的主机内存预算，例如 12GiB；留空：使用 /proc/meminfo 报告的可用内存</translation>
    </message>
    <message>
        <source>measured (free device memory)</source>
        <translation>实测（空闲设备内存）</translation>
    </message>
    <message>
        <source>Declared budget per CUDA device, e.g. 70GiB; empty: its free memory</source>
        <translation>每个 CUDA 设备声明的预算，例如 70GiB；留空：使用其空闲内存</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The whole cell must finish within this time of its start; then every rank is stopped</source>
        <translation>整个单元必须在启动后的这段时间内完成；超时后将停止所有 rank</translation>
    </message>
    <message>
        <source>World size:</source>
        <translation>全局进程数（world size）：</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>后端：</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Model size (parameters):</source>
        <translation>模型规模（参数量）：</translation>
    </message>
    <message>
        <source>Iterations:</source>
        <translation>迭代次数：</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>预热：</translation>
    </message>
    <message>
        <source>Bucket cap (MiB):</source>
        <translation>桶上限（MiB）：</translation>
    </message>
    <message>
        <source>Host memory budget:</source>
        <translation>主机内存预算：</translation>
    </message>
    <message>
        <source>Device memory budget:</source>
        <translation>设备内存预算：</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>超时：</translation>
    </message>
    <message>
        <source>The model size must be a parameter count such as 1M, 10M, 400M or 2500000 (got &quot;%1&quot;).</source>
        <translation>模型规模必须是参数量，例如 1M、10M、400M 或 2500000（实际为“%1”）。</translation>
    </message>
    <message>
        <source>The bucket cap must be a positive size in MiB such as 25 or 0.5 (got &quot;%1&quot;).</source>
        <translation>桶上限必须是以 MiB 为单位的正数，例如 25 或 0.5（实际为“%1”）。</translation>
    </message>
    <message>
        <source>The %1 must be a size such as 12GiB, 9.34GiB or 512MiB (got &quot;%2&quot;).</source>
        <translation>%1必须是一个大小，例如 12GiB、9.34GiB 或 512MiB（实际为“%2”）。</translation>
    </message>
    <message>
        <source>host memory budget</source>
        <translation>主机内存预算</translation>
    </message>
    <message>
        <source>device memory budget</source>
        <translation>设备内存预算</translation>
    </message>
    <message>
        <source>The cell is not valid: %1.</source>
        <translation>该单元无效：%1。</translation>
    </message>
</context>
<context>
    <name>cc::ui::CapturePanel</name>
    <message>
        <source>the loader accepted the cell but it names no merged trace</source>
        <translation>加载器接受了该单元，但它未指明合并后的轨迹</translation>
    </message>
    <message>
        <source>the merged trace of the cell was refused: %1</source>
        <translation>该单元的合并轨迹被拒绝：%1</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>启动(&amp;L)</translation>
    </message>
    <message>
        <source>Run the cell: one capture worker process per rank</source>
        <translation>运行该单元：每个 rank 一个捕获工作进程</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the running cell: every rank of its process group is terminated</source>
        <translation>停止正在运行的单元：其进程组的所有 rank 都将被终止</translation>
    </message>
    <message>
        <source>Probe Again</source>
        <translation>重新探测</translation>
    </message>
    <message>
        <source>Ask the capture worker again what this machine can run, and read the free memory</source>
        <translation>再次询问捕获工作进程此机器能运行什么，并读取空闲内存</translation>
    </message>
    <message>
        <source>Each cell is written into a new folder inside this one</source>
        <translation>每个单元都会写入此文件夹中的一个新文件夹</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Output folder:</source>
        <translation>输出文件夹：</translation>
    </message>
    <message>
        <source>Memory feasibility</source>
        <translation>内存可行性</translation>
    </message>
    <message>
        <source>No cell has run yet.</source>
        <translation>尚未运行任何单元。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>The metrics of a completed cell appear here.</source>
        <translation>已完成单元的指标将显示在此处。</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Matrix</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <source>Cancelled: every rank was stopped and no manifest was written, so nothing from the cell is loaded (%1).</source>
        <translation>已取消：所有 rank 均已停止，且未写入清单，因此不会加载该单元的任何内容（%1）。</translation>
    </message>
    <message>
        <source>This machine is probed when the panel is first brought up (or with Probe Again).</source>
        <translation>首次打开此面板时（或点击“重新探测”时）会探测本机。</translation>
    </message>
    <message>
        <source>Folder for capture cells</source>
        <translation>捕获单元的文件夹</translation>
    </message>
    <message>
        <source>Probing what this machine can capture with…</source>
        <translation>正在探测本机可用于捕获的环境…</translation>
    </message>
    <message>
        <source>Probing the capture worker</source>
        <translation>正在探测捕获工作进程</translation>
    </message>
    <message>
        <source>Worker: %1</source>
        <translation>工作进程：%1</translation>
    </message>
    <message>
        <source>libtorch %1; gloo %2; NCCL %3; CUDA devices: %4</source>
        <translation>libtorch %1；gloo %2；NCCL %3；CUDA 设备：%4</translation>
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
        <source>The worker could not describe itself: %1</source>
        <translation>工作进程无法描述自身：%1</translation>
    </message>
    <message>
        <source>Host memory available: %1</source>
        <translation>可用主机内存：%1</translation>
    </message>
    <message>
        <source>Probing this machine failed: %1</source>
        <translation>探测本机失败：%1</translation>
    </message>
    <message>
        <source>Probing this machine for its memory budgets…</source>
        <translation>正在探测本机的内存预算…</translation>
    </message>
    <message>
        <source>The verdict appears once this machine is probed.</source>
        <translation>探测本机后将显示判定结果。</translation>
    </message>
    <message>
        <source>Checking the cell against the memory budgets</source>
        <translation>正在对照内存预算检查该单元</translation>
    </message>
    <message>
        <source>The cell could not be planned: %1</source>
        <translation>无法规划该单元：%1</translation>
    </message>
    <message>
        <source>A cell is running; cancel it or wait for it to end.</source>
        <translation>有单元正在运行；请取消它或等待其结束。</translation>
    </message>
    <message>
        <source>Probing this machine…</source>
        <translation>正在探测本机…</translation>
    </message>
    <message>
        <source>This machine has not been probed yet.</source>
        <translation>尚未探测本机。</translation>
    </message>
    <message>
        <source>Checking the cell against the memory budgets…</source>
        <translation>正在对照内存预算检查该单元…</translation>
    </message>
    <message>
        <source>%1 over %2 tensors cannot run on this machine: %3</source>
        <translation>%1（%2 张量）无法在本机上运行：%3</translation>
    </message>
    <message>
        <source>The memory guard refuses this cell (binding pool: %1): %2</source>
        <translation>内存守卫拒绝了此单元（瓶颈内存池：%1）：%2</translation>
    </message>
    <message>
        <source>Choose an output folder for the cell.</source>
        <translation>请为该单元选择输出文件夹。</translation>
    </message>
    <message>
        <source>Ready: the cell fits every memory pool and can run here.</source>
        <translation>就绪：该单元满足所有内存池的限制，可以在此运行。</translation>
    </message>
    <message>
        <source>Launch is disabled: %1</source>
        <translation>启动已禁用：%1</translation>
    </message>
    <message>
        <source>Running %1 in %2…</source>
        <translation>正在 %2 中运行 %1…</translation>
    </message>
    <message>
        <source>Capturing %1</source>
        <translation>正在捕获 %1</translation>
    </message>
    <message>
        <source>The cell could not run: %1</source>
        <translation>该单元无法运行：%1</translation>
    </message>
    <message>
        <source>Cancelling: stopping every rank…</source>
        <translation>正在取消：正在停止所有 rank…</translation>
    </message>
    <message numerus="yes">
        <source>[%n earlier line(s) not shown here; every line is in the rank logs]</source>
        <translation>
            <numerusform>[此处未显示之前的 %n 行；所有行均在 rank 日志中]</numerusform>
        </translation>
    </message>
    <message>
        <source>[rank %1] %2</source>
        <translation>[rank %1] %2</translation>
    </message>
    <message>
        <source>Refused: %1. No rank was started; the estimate, budget and arithmetic are in %2.</source>
        <translation>已拒绝：%1。未启动任何 rank；估算、预算及计算过程见 %2。</translation>
    </message>
    <message>
        <source>Failed: %1. No manifest was written, so nothing from the cell is loaded; what happened is in %2.</source>
        <translation>失败：%1。未写入清单，因此不会加载该单元的任何内容；详细经过见 %2。</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>无法在此运行：%1</translation>
    </message>
    <message>
        <source>rank %1: overlap efficiency %2, communication overhead %3</source>
        <translation>rank %1：重叠效率 %2，通信开销 %3</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>Completed: the merged trace %1 is open in the workbench (timeline, distributions); the cell is in %2.</source>
        <translation>已完成：合并轨迹 %1 已在工作台中打开（时间线、分布）；该单元位于 %2。</translation>
    </message>
    <message>
        <source>[rank %1] warming up (%2 iterations in all)</source>
        <translation>[rank %1] 预热中（共 %2 次迭代）</translation>
    </message>
    <message>
        <source>[rank %1] recording (%2 of %3 iterations done)</source>
        <translation>[rank %1] 记录中（已完成 %2/%3 次迭代）</translation>
    </message>
    <message>
        <source>[rank %1] done: %2 iterations</source>
        <translation>[rank %1] 完成：%2 次迭代</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>A campaign is running; cancel it or wait for it to end.</source>
        <translation>有实验正在运行；请取消它或等待其结束。</translation>
    </message>
</context>
<context>
    <name>cc::ui::CompileDialog</name>
    <message>
        <source>Compile a Canary</source>
        <translation>编译 canary</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>时序</translation>
    </message>
    <message>
        <source>Lossless: every modelled field exact (exact encodings only)</source>
        <translation>无损：每个建模字段均精确（仅限精确编码）</translation>
    </message>
    <message>
        <source>Bounded: approximate timing within the budget below, fail closed</source>
        <translation>有界：在下方预算内近似时序；不满足时拒绝（fail closed）</translation>
    </message>
    <message>
        <source>Timing samples per operation group</source>
        <translation>每个操作组的时序样本数</translation>
    </message>
    <message>
        <source>whole trace</source>
        <translation>整个轨迹</translation>
    </message>
    <message>
        <source>Compile only the first N events; the canary is then labelled partial</source>
        <translation>仅编译前 N 个事件；此时 canary 将被标记为部分（partial）</translation>
    </message>
    <message>
        <source>Prefix (events)</source>
        <translation>前缀（事件数）</translation>
    </message>
    <message>
        <source>Strict compilation</source>
        <translation>严格编译</translation>
    </message>
    <message>
        <source>Verify behaviour before emitting; refuse a canary that fails any status</source>
        <translation>输出前验证行为；拒绝任何状态未通过的 canary</translation>
    </message>
    <message>
        <source>strict compilation</source>
        <translation>严格编译</translation>
    </message>
    <message>
        <source>Compiling %1</source>
        <translation>正在编译 %1</translation>
    </message>
    <message>
        <source>%1 logical events in %2 stored, %3 (timing %4, coverage %5, claim %6).</source>
        <translation>%1 个逻辑事件存储为 %2 个，%3（时序 %4，覆盖范围 %5，结论 %6）。</translation>
    </message>
    <message>
        <source>Refused, nothing was added: %1</source>
        <translation>已拒绝，未添加任何内容：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
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
    <message>
        <source>%1 (canary)</source>
        <translation>%1（canary）</translation>
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
    <name>cc::ui::DistillController</name>
    <message>
        <source>&amp;Distil</source>
        <translation>提炼(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Compile Canary…</source>
        <translation>编译 canary(&amp;C)…</translation>
    </message>
    <message>
        <source>Behaviour &amp;Search…</source>
        <translation>行为搜索(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Reduce (ddmin)…</source>
        <translation>约简（ddmin）(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Verify Canary</source>
        <translation>验证 canary(&amp;V)</translation>
    </message>
    <message>
        <source>Run verify-behavior on the selected canary against its source trace</source>
        <translation>对所选 canary 对照其源轨迹运行 verify-behavior</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistillDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel Job</source>
        <translation>取消任务(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Verify Result</source>
        <translation>验证结果(&amp;V)</translation>
    </message>
    <message>
        <source>Run verify-behavior on the result against its source trace and open it in the stepper</source>
        <translation>对结果对照其源轨迹运行 verify-behavior，并在分步视图中打开</translation>
    </message>
    <message>
        <source>&amp;Save Result…</source>
        <translation>保存结果(&amp;S)…</translation>
    </message>
    <message>
        <source>C&amp;lose</source>
        <translation>关闭(&amp;L)</translation>
    </message>
    <message>
        <source>Cancelled: the job stopped and nothing was added.</source>
        <translation>已取消：任务已停止，未添加任何内容。</translation>
    </message>
    <message>
        <source>Replaced by a newer run.</source>
        <translation>已被更新的运行取代。</translation>
    </message>
    <message>
        <source>The job failed.</source>
        <translation>任务失败。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>&lt;b&gt;No trace is open.&lt;/b&gt; Open a trace first; the job runs on the active trace.</source>
        <translation>&lt;b&gt;未打开任何轨迹。&lt;/b&gt;请先打开一个轨迹；任务将在当前轨迹上运行。</translation>
    </message>
    <message>
        <source>Source trace: &lt;b&gt;%1&lt;/b&gt; (%2 events)&lt;br&gt;Configuration set: &lt;b&gt;%3&lt;/b&gt; (%4 configurations; change it in the artifact browser)</source>
        <translation>源轨迹：&lt;b&gt;%1&lt;/b&gt;（%2 个事件）&lt;br&gt;配置集：&lt;b&gt;%3&lt;/b&gt;（%4 个配置；可在工件浏览器中更改）</translation>
    </message>
    <message>
        <source>Open a trace first: the job runs on the active trace.</source>
        <translation>请先打开一个轨迹：任务将在当前轨迹上运行。</translation>
    </message>
    <message>
        <source>Choose a configuration set first.</source>
        <translation>请先选择一个配置集。</translation>
    </message>
    <message>
        <source>Invalid option: %1</source>
        <translation>无效选项：%1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Running on %1…</source>
        <translation>正在 %1 上运行…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Added %1 to the artifacts. %2</source>
        <translation>已将 %1 添加到工件。%2</translation>
    </message>
    <message>
        <source>There is no result to save.</source>
        <translation>没有可保存的结果。</translation>
    </message>
    <message>
        <source>Saved %1 (%2).</source>
        <translation>已保存 %1（%2）。</translation>
    </message>
    <message>
        <source>Save Result</source>
        <translation>保存结果</translation>
    </message>
    <message>
        <source>Canaries (*.canary.json);;All files (*)</source>
        <translation>Canary 文件 (*.canary.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The save was cancelled; nothing was written.</source>
        <translation>保存已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Saving %1</source>
        <translation>正在保存 %1</translation>
    </message>
</context>
<context>
    <name>cc::ui::DistributionPanel</name>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
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
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>queue wait</source>
        <translation>队列等待</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>%1 · canary</source>
        <translation>%1 · canary</translation>
    </message>
    <message>
        <source>%1 · source</source>
        <translation>%1 · 源</translation>
    </message>
    <message>
        <source>Replay %1 · source (solid) and canary %2 (dashed, darker) · a model, not a measurement of hardware</source>
        <translation>重放 %1 · 源（实线）与 canary %2（虚线，较深）· 这是模型，不是硬件测量</translation>
    </message>
    <message>
        <source>Replay %1 · replaying the canary %2…</source>
        <translation>重放 %1 · 正在重放 canary %2…</translation>
    </message>
    <message>
        <source>Save both charts as PNG or SVG, or their numbers as CSV</source>
        <translation>将两个图表保存为 PNG 或 SVG，或将其数值保存为 CSV</translation>
    </message>
    <message>
        <source>Charts as PNG or SVG…</source>
        <translation>图表（PNG 或 SVG）…</translation>
    </message>
    <message>
        <source>Numbers as CSV…</source>
        <translation>数值（CSV）…</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>CDF</translation>
    </message>
    <message>
        <source>histogram share</source>
        <translation>直方图占比</translation>
    </message>
    <message>
        <source>There are no distributions to export: replay a trace first.</source>
        <translation>没有可导出的分布：请先回放一个 trace。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export distribution numbers</source>
        <translation>导出分布数值</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
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
    <message>
        <source>hidden share</source>
        <translation>隐藏占比</translation>
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
            <numerusform>发现 %n 个问题；未加载也未写入任何内容。</numerusform>
        </translation>
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
    <message>
        <source> · canary segment %1 (%2)</source>
        <translation> · canary 段 %1（%2）</translation>
    </message>
</context>
<context>
    <name>cc::ui::FeasibilityView</name>
    <message>
        <source>No verdict yet.</source>
        <translation>尚无判定结果。</translation>
    </message>
    <message>
        <source>Feasible: every memory pool fits.</source>
        <translation>可行：所有内存池均满足。</translation>
    </message>
    <message>
        <source>Refused by the memory guard: %1</source>
        <translation>被内存守卫拒绝：%1</translation>
    </message>
    <message>
        <source>Binding pool: %1 — demand %2 of a %3 budget (%4).</source>
        <translation>瓶颈内存池：%1 — 需求 %2，预算 %3（%4）。</translation>
    </message>
    <message>
        <source>Binding pool: %1 — demand %2, budget unknown (%3).</source>
        <translation>瓶颈内存池：%1 — 需求 %2，预算未知（%3）。</translation>
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
    <name>cc::ui::LayerLatencyModel</name>
    <message>
        <source>Rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Gradient size</source>
        <translation>梯度大小</translation>
    </message>
    <message>
        <source>Latency per iteration</source>
        <translation>每次迭代的延迟</translation>
    </message>
    <message>
        <source>Latency, all iterations</source>
        <translation>延迟（所有迭代）</translation>
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
        <source>Open a trace and a canary compiled from it first: the canary&apos;s source SHA-256 must equal the trace&apos;s normalised SHA-256.</source>
        <translation>请先打开一个轨迹和由它编译的 canary：canary 的源 SHA-256 必须等于轨迹的规范化 SHA-256。</translation>
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
    <message>
        <source>Compare Verifications</source>
        <translation>比较验证</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>捕获</translation>
    </message>
    <message>
        <source>&amp;Capture a Cell…</source>
        <translation>捕获单元(&amp;C)…</translation>
    </message>
    <message>
        <source>Plan and run a real capture cell (worker processes, one per rank)</source>
        <translation>规划并运行真实的捕获单元（工作进程，每个 rank 一个）</translation>
    </message>
    <message>
        <source>Verify Behaviour</source>
        <translation>验证行为</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Latency Distributions as &amp;Image (PNG, SVG)…</source>
        <translation>延迟分布导出为图像(&amp;I)（PNG、SVG）…</translation>
    </message>
    <message>
        <source>Latency Distributions as &amp;Numbers (CSV)…</source>
        <translation>延迟分布导出为数值(&amp;N)（CSV）…</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>%1 was imported from a PyTorch profiler (Kineto) file. The import is observational and single-rank: cross-rank skew, compute overlap and exposed latency are unknown.</source>
        <translation>%1 已从 PyTorch 性能分析器（Kineto）文件导入。该导入仅为观测且只含单个 rank：跨 rank 偏移、计算重叠和暴露延迟均未知。</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Physical</source>
        <translation>物理</translation>
    </message>
    <message>
        <source>Open traces, replay reports, configuration sets or campaign results</source>
        <translation>打开轨迹、重放报告、配置集或实验结果</translation>
    </message>
    <message>
        <source>Show in the Physical View</source>
        <translation>在“物理”视图中显示</translation>
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
    <name>cc::ui::PhysicalView</name>
    <message>
        <source>Open a physical campaign&apos;s results.json (commcanary capture campaign), or launch a campaign from the Capture panel, to see whether every proxy ranks the physical configurations as the real workload (W-full) does.</source>
        <translation>打开物理实验的 results.json（commcanary capture campaign），或在捕获面板中启动一次实验，以查看每个代理对物理配置的排名是否与真实工作负载（W-full）一致。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Per configuration&lt;/b&gt;: W-full&apos;s mean step time, each proxy&apos;s mean pass time</source>
        <translation>&lt;b&gt;按配置&lt;/b&gt;：W-full 的平均步时，每个代理的平均单轮时间</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decisions against W-full&lt;/b&gt;: ✓ agrees, ✗ disagrees, = tie (W-full cannot separate the pair; left out of the agreement)</source>
        <translation>&lt;b&gt;对照 W-full 的决策&lt;/b&gt;：✓ 一致，✗ 不一致，= 持平（W-full 无法区分该配置对；不计入一致率）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 (cell %3). Source trace: %4 events captured under %5; %6 recorded passes per proxy and configuration after %7 warm-up; ties by %8 bootstrap resamples.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2（单元 %3）。源轨迹：在 %5 下捕获的 %4 个事件；每个代理和配置在 %7 轮预热后记录 %6 轮；持平由 %8 次自助重采样判定。</translation>
    </message>
    <message>
        <source>The prototype&apos;s published campaign (28 pairs, real GPUs): %1.</source>
        <translation>原型已发布的实验（28 个配置对，真实 GPU）：%1。</translation>
    </message>
</context>
<context>
    <name>cc::ui::PoolDemandBar</name>
    <message>
        <source>Pool %1</source>
        <translation>内存池 %1</translation>
    </message>
    <message>
        <source>  %1: %2 × %3 = %4   [%5]</source>
        <translation>  %1：%2 × %3 = %4   [%5]</translation>
    </message>
    <message>
        <source>  demand: %1 (%2 B)</source>
        <translation>  需求：%1（%2 B）</translation>
    </message>
    <message>
        <source>  budget: %1 (%2 B, %3)</source>
        <translation>  预算：%1（%2 B，%3）</translation>
    </message>
    <message>
        <source>  budget: unknown (%1) — declare one to plan this cell</source>
        <translation>  预算：未知（%1）— 请声明一个预算以规划此单元</translation>
    </message>
    <message>
        <source>  fits</source>
        <translation>  满足</translation>
    </message>
    <message>
        <source>  does NOT fit</source>
        <translation>  不满足</translation>
    </message>
    <message>
        <source> (binding)</source>
        <translation> (瓶颈)</translation>
    </message>
    <message>
        <source>%1%2: %3 of %4 (%5 %)</source>
        <translation>%1%2：%3 / %4（%5%）</translation>
    </message>
    <message>
        <source>%1%2: %3, budget unknown</source>
        <translation>%1%2：%3，预算未知</translation>
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
    <name>cc::ui::RankProgressModel</name>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>%1 of %2 (%3 %)</source>
        <translation>%1 / %2（%3%）</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>recording</source>
        <translation>记录中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>starting: %1</source>
        <translation>启动中：%1</translation>
    </message>
</context>
<context>
    <name>cc::ui::RankSummaryModel</name>
    <message>
        <source>|communication ∩ compute| / |communication| = %1 ns / %2 ns</source>
        <translation>|通信 ∩ 计算| / |通信| = %1 ns / %2 ns</translation>
    </message>
    <message>
        <source>|communication only, inside the iteration window| / |window| = %1 ns / %2 ns</source>
        <translation>|仅通信，位于迭代窗口内| / |窗口| = %1 ns / %2 ns</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Recorded iterations</source>
        <translation>记录的迭代次数</translation>
    </message>
    <message>
        <source>Overlap efficiency</source>
        <translation>重叠效率</translation>
    </message>
    <message>
        <source>Communication overhead</source>
        <translation>通信开销</translation>
    </message>
    <message>
        <source>Buckets</source>
        <translation>桶数</translation>
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
    <name>cc::ui::ReduceDialog</name>
    <message>
        <source>Reduce (ddmin)</source>
        <translation>约简（ddmin）</translation>
    </message>
    <message>
        <source>Delta debugging with a decision-only oracle: a subset is kept when it decides every configuration pair on median, p95, p99 and mean as the full trace does. This is the baseline a canary must beat: verify the result to see what it loses.</source>
        <translation>使用仅判定决策的预言机进行增量调试（delta debugging）：若某个子集在中位数、p95、p99 和平均值上对每对配置的决策都与完整轨迹相同，则保留该子集。这是 canary 必须超越的基线：请验证结果，查看它丢失了什么。</translation>
    </message>
    <message>
        <source>Oracle</source>
        <translation>预言机</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>Stop after this many oracle calls; the result is then not 1-minimal</source>
        <translation>达到此数量的预言机调用后停止；此时结果不是 1-最小的</translation>
    </message>
    <message>
        <source>Oracle-call limit</source>
        <translation>预言机调用上限</translation>
    </message>
    <message>
        <source>reduce</source>
        <translation>约简</translation>
    </message>
    <message>
        <source>Reducing %1</source>
        <translation>正在约简 %1</translation>
    </message>
    <message>
        <source>Reduced</source>
        <translation>已约简</translation>
    </message>
    <message>
        <source>What it is</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Ranking decisions</source>
        <translation>排名决策</translation>
    </message>
    <message>
        <source>all %1 preserved</source>
        <translation>全部 %1 个均保留</translation>
    </message>
    <message>
        <source>NOT all %1 preserved</source>
        <translation>并非全部 %1 个都保留</translation>
    </message>
    <message>
        <source>%1. It preserves ranking decisions only; verify it to see what it loses.</source>
        <translation>%1。它仅保留排名决策；请验证它，查看丢失了什么。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
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
    <message>
        <source>Replaying the canary %1</source>
        <translation>正在重放 canary %1</translation>
    </message>
</context>
<context>
    <name>cc::ui::SaveController</name>
    <message>
        <source>Canaries (*.canary.json)</source>
        <translation>Canary (*.canary.json)</translation>
    </message>
    <message>
        <source>Verifications (*.verification.json)</source>
        <translation>验证 (*.verification.json)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>保存 %1</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the selected artifact made in the workbench</source>
        <translation>保存在工作台中生成的所选工件</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save A&amp;ll Unsaved…</source>
        <translation>保存所有未保存项(&amp;L)…</translation>
    </message>
    <message>
        <source>Could not save %1</source>
        <translation>无法保存 %1</translation>
    </message>
    <message>
        <source>Unsaved results</source>
        <translation>未保存的结果</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) made in the workbench are not saved and will be lost.</source>
        <translation>
            <numerusform>在工作台中生成的 %n 个结果尚未保存，将会丢失。</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay Report as &amp;Chrome Trace (Perfetto)…</source>
        <translation>回放报告导出为 &amp;Chrome trace（Perfetto）…</translation>
    </message>
    <message>
        <source>Write the selected replay report&apos;s simulated timeline for Perfetto UI or chrome://tracing, as commcanary export-chrome does</source>
        <translation>将所选回放报告的模拟时间线写出，供 Perfetto UI 或 chrome://tracing 使用，与 commcanary export-chrome 相同</translation>
    </message>
    <message>
        <source>Export %1 as a Chrome trace</source>
        <translation>将 %1 导出为 Chrome trace</translation>
    </message>
    <message>
        <source>Chrome traces (*.json);;All files (*)</source>
        <translation>Chrome trace (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a replay report to export.</source>
        <translation>请选择要导出的回放报告。</translation>
    </message>
    <message>
        <source>Open the trace %1 was replayed from first: its normalised SHA-256 must be %2.</source>
        <translation>请先打开 %1 回放所用的 trace：其规范化 SHA-256 必须为 %2。</translation>
    </message>
    <message>
        <source>Export a Chrome trace</source>
        <translation>导出 Chrome trace</translation>
    </message>
    <message>
        <source>Exporting %1 as a Chrome trace</source>
        <translation>正在将 %1 导出为 Chrome trace</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Saving %1</source>
        <translation>正在保存 %1</translation>
    </message>
    <message>
        <source>Trace or Canary as &amp;PARAM Comms Replay…</source>
        <translation>将 trace 或 canary 导出为 PARAM 通信回放(&amp;P)…</translation>
    </message>
    <message>
        <source>Write the selected trace or canary (expanded into its whole program) as PARAM comms-replay traces, one file per rank, as commcanary export-param does</source>
        <translation>将所选 trace 或 canary（展开为完整程序）写为 PARAM 通信回放 trace，每个 rank 一个文件，与 commcanary export-param 相同</translation>
    </message>
    <message>
        <source>Export %1 for PARAM into a folder</source>
        <translation>将 %1 导出到文件夹供 PARAM 使用</translation>
    </message>
    <message>
        <source>Export for PARAM</source>
        <translation>导出供 PARAM 使用</translation>
    </message>
    <message>
        <source>Choose a trace or a canary to export for PARAM.</source>
        <translation>请选择要导出供 PARAM 使用的 trace 或 canary。</translation>
    </message>
    <message>
        <source>Exporting %1 for PARAM</source>
        <translation>正在导出 %1 供 PARAM 使用</translation>
    </message>
</context>
<context>
    <name>cc::ui::SearchCandidateModel</name>
    <message>
        <source>lossless</source>
        <translation>无损</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>统一</translation>
    </message>
    <message>
        <source>per group</source>
        <translation>按组</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>已通过</translation>
    </message>
    <message>
        <source>failed verification</source>
        <translation>验证未通过</translation>
    </message>
    <message>
        <source>refused by the compiler</source>
        <translation>被编译器拒绝</translation>
    </message>
    <message>
        <source>%1 (+%2 group limits)</source>
        <translation>%1（另加 %2 个组上限）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 (selected)</source>
        <translation>%1（已选）</translation>
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
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Sample limit</source>
        <translation>样本上限</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>结论</translation>
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
        <source>Fidelity</source>
        <translation>行为保真度</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>排名</translation>
    </message>
</context>
<context>
    <name>cc::ui::SearchDialog</name>
    <message>
        <source>Behaviour Search</source>
        <translation>行为搜索</translation>
    </message>
    <message>
        <source>Declared range</source>
        <translation>声明的范围</translation>
    </message>
    <message>
        <source>Timing samples per operation group to try: a list (1,2,4,8) or a range (1..16). When no bounded candidate in it passes and the lossless canary competes, the search doubles the largest while the candidate stays smaller than the lossless canary.</source>
        <translation>要尝试的每个操作组时序样本数：列表（1,2,4,8）或范围（1..16）。若其中没有有界候选通过验证且无损 canary 参与竞争，搜索会把最大值加倍，只要候选仍小于无损 canary。</translation>
    </message>
    <message>
        <source>Sample limits</source>
        <translation>样本上限</translation>
    </message>
    <message>
        <source>Let the lossless canary compete</source>
        <translation>让无损 canary 参与竞争</translation>
    </message>
    <message>
        <source>Then lower per-group limits while every status passes</source>
        <translation>然后在所有状态均通过的前提下降低各组上限</translation>
    </message>
    <message>
        <source>Verification every candidate must pass</source>
        <translation>每个候选项都必须通过的验证</translation>
    </message>
    <message>
        <source>behaviour search</source>
        <translation>行为搜索</translation>
    </message>
    <message>
        <source>Behaviour search on %1</source>
        <translation>在 %1 上进行行为搜索</translation>
    </message>
    <message>
        <source>No candidate passed every status; nothing was added. %1</source>
        <translation>没有候选项通过所有状态；未添加任何内容。%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>cc::ui::SweepMatrixModel</name>
    <message>
        <source>planned</source>
        <translation>已计划</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>已测量</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Record: %1</source>
        <translation>记录：%1</translation>
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
        <translation>%1（p95 %2）</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
    <message>
        <source>binding pool %1: %2 of %3</source>
        <translation>瓶颈内存池 %1：%2 / %3</translation>
    </message>
    <message>
        <source>binding pool %1: %2, budget unknown</source>
        <translation>瓶颈内存池 %1：%2，预算未知</translation>
    </message>
    <message>
        <source>%1 buckets, %2 all-reduces, iteration %3</source>
        <translation>%1 个桶，%2 次 all-reduce，迭代 %3</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank 数</translation>
    </message>
    <message>
        <source>Backend/device</source>
        <translation>后端/设备</translation>
    </message>
    <message>
        <source>Bucket cap</source>
        <translation>桶上限</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>All-reduce median</source>
        <translation>all-reduce 中位数</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>cc::ui::SweepView</name>
    <message>
        <source>a results folder written by commcanary capture sweep</source>
        <translation>由 commcanary capture sweep 写入的结果文件夹</translation>
    </message>
    <message>
        <source>Open Results…</source>
        <translation>打开结果…</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>No sweep is open.</source>
        <translation>未打开任何扫描。</translation>
    </message>
    <message>
        <source>Results folder:</source>
        <translation>结果文件夹：</translation>
    </message>
    <message>
        <source>Sweep results folder</source>
        <translation>扫描结果文件夹</translation>
    </message>
    <message>
        <source>Reading the sweep index</source>
        <translation>正在读取扫描索引</translation>
    </message>
    <message>
        <source>This is not a readable sweep: %1</source>
        <translation>这不是可读取的扫描：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s): %1 measured, %2 refused, %3 failed, %4 planned.</source>
        <translation>
            <numerusform>%n 个单元：%1 个已测量，%2 个已拒绝，%3 个失败，%4 个已计划。</numerusform>
        </translation>
    </message>
    <message>
        <source>Measured all-reduce median per cell (each repeat a point)</source>
        <translation>每个单元实测的 all-reduce 中位数（每次重复为一个点）</translation>
    </message>
    <message>
        <source>%1 ranks, %2/%3, cap %4</source>
        <translation>%1 个 rank，%2/%3，上限 %4</translation>
    </message>
    <message>
        <source>model size (parameters)</source>
        <translation>模型规模（参数量）</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
</context>
<context>
    <name>cc::ui::TailWindowModel</name>
    <message>
        <source>Summed latency of the window&apos;s tail events (at or above the configuration&apos;s p99)</source>
        <translation>窗口内尾部事件（不低于该配置的 p99）的延迟总和</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
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
        <source>Cost</source>
        <translation>代价</translation>
    </message>
    <message>
        <source>When the window begins</source>
        <translation>窗口的开始时间</translation>
    </message>
    <message>
        <source>Tail events in the window (latency at or above the configuration&apos;s p99)</source>
        <translation>窗口中的尾部事件（延迟不低于该配置的 p99）</translation>
    </message>
    <message>
        <source>The largest latency in the window</source>
        <translation>窗口中的最大延迟</translation>
    </message>
    <message>
        <source>Begins</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Tail</source>
        <translation>尾部</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Tail window %1: begins at %2, spans %3, %4 events of which %5 in the tail, largest latency %6, cost %7</source>
        <translation>尾部窗口 %1：开始于 %2，跨度 %3，%4 个事件，其中 %5 个在尾部，最大延迟 %6，代价 %7</translation>
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
    <message>
        <source>&amp;Find Events…</source>
        <translation>查找事件(&amp;F)…</translation>
    </message>
    <message>
        <source>Find events by operation, group, rank, size, id or phase</source>
        <translation>按操作、组、rank、大小、ID 或阶段查找事件</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>查找下一个(&amp;N)</translation>
    </message>
    <message>
        <source>Go to the next match</source>
        <translation>转到下一个匹配</translation>
    </message>
    <message>
        <source>Find Pre&amp;vious</source>
        <translation>查找上一个(&amp;V)</translation>
    </message>
    <message>
        <source>Go to the previous match</source>
        <translation>转到上一个匹配</translation>
    </message>
    <message>
        <source>op:all_reduce group:tp rank:0-7 size:1MiB-16MiB id:… phase:…</source>
        <translation>op:all_reduce group:tp rank:0-7 size:1MiB-16MiB id:… phase:…</translation>
    </message>
    <message>
        <source>Every term must hold. op, group, phase and id match a part of the text; rank takes a number or a range (0-7); size takes bytes with a unit, a range (1MiB-16MiB) or a bound (&gt;=4KiB). A word without a field matches the operation, group, phase or id.</source>
        <translation>所有条件都须满足。op、group、phase 和 id 匹配文本的一部分；rank 取一个数字或范围（0-7）；size 取带单位的字节数、范围（1MiB-16MiB）或界限（&gt;=4KiB）。不带字段的词匹配操作、组、阶段或 ID。</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Highlight all</source>
        <translation>全部高亮</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close the search and clear its marks (Escape)</source>
        <translation>关闭搜索并清除标记（Esc）</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>Searching the timeline</source>
        <translation>正在搜索时间线</translation>
    </message>
    <message>
        <source>no matches</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 of %2 matches</source>
        <translation>第 %1 个，共 %2 个匹配</translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation>%1 个匹配</translation>
    </message>
    <message>
        <source>Drag across the timeline with the left mouse button to see the statistics of a range; double-click it or press Z to zoom in. Middle-drag or Space+drag pans, W/S zoom, A/D pan.</source>
        <translation>按住鼠标左键在时间线上拖动可查看某一范围的统计；双击该范围或按 Z 放大。中键拖动或按住空格拖动可平移，W/S 缩放，A/D 平移。</translation>
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
    <name>cc::ui::ToleranceForm</name>
    <message>
        <source>Relative tolerance (%)</source>
        <translation>相对容差（%）</translation>
    </message>
    <message>
        <source>Absolute tolerance (µs)</source>
        <translation>绝对容差（微秒）</translation>
    </message>
    <message>
        <source>Hidden-share tolerance (points)</source>
        <translation>隐藏占比容差（百分点）</translation>
    </message>
    <message>
        <source>Tail recall threshold</source>
        <translation>尾部事件召回率阈值</translation>
    </message>
    <message>
        <source>Ranking tie tolerance (µs)</source>
        <translation>排名持平容差（微秒）</translation>
    </message>
    <message>
        <source>Ranking tie tolerance (%)</source>
        <translation>排名持平容差（%）</translation>
    </message>
    <message>
        <source>Replay seed</source>
        <translation>重放种子</translation>
    </message>
    <message>
        <source>Replay iterations</source>
        <translation>重放迭代次数</translation>
    </message>
    <message>
        <source>Option --%1 of the command line (default %2)</source>
        <translation>命令行选项 --%1（默认 %2）</translation>
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
    <message>
        <source>base %1</source>
        <translation>基准 %1</translation>
    </message>
</context>
<context>
    <name>cc::ui::VerificationComparison</name>
    <message>
        <source>Left:</source>
        <translation>左侧：</translation>
    </message>
    <message>
        <source>Right:</source>
        <translation>右侧：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 — %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 — %3</translation>
    </message>
    <message>
        <source>Verify two canaries (or open two verifications) to compare them here.</source>
        <translation>验证两个 canary（或打开两个验证）即可在此进行比较。</translation>
    </message>
</context>
<context>
    <name>cc::ui::VerificationComparisonModel</name>
    <message>
        <source>Claim</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Canary SHA-256</source>
        <translation>Canary SHA-256</translation>
    </message>
    <message>
        <source>Source SHA-256</source>
        <translation>源 SHA-256</translation>
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
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>(left)</source>
        <translation>（左）</translation>
    </message>
    <message>
        <source>(right)</source>
        <translation>（右）</translation>
    </message>
</context>
<context>
    <name>cc::ui::VerificationStepper</name>
    <message>
        <source>I have reviewed this page&apos;s evidence</source>
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
        <source>&lt;h3&gt;%1: &lt;span style=&quot;color:%2&quot;&gt;%3&lt;/span&gt;&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;%1：&lt;span style=&quot;color:%2&quot;&gt;%3&lt;/span&gt;&lt;/h3&gt;</translation>
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
    <message>
        <source>Previous status (Page Up, Alt+Left)</source>
        <translation>上一项状态（Page Up、Alt+左方向键）</translation>
    </message>
    <message>
        <source>Next status (Page Down, Alt+Right)</source>
        <translation>下一项状态（Page Down、Alt+右方向键）</translation>
    </message>
    <message>
        <source>&lt;p&gt;Why the claim is what it is:&lt;/p&gt;</source>
        <translation>&lt;p&gt;得出此结论的原因：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;What this verification does not prove:&lt;/p&gt;</source>
        <translation>&lt;p&gt;此验证并不证明以下内容：&lt;/p&gt;</translation>
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
<context>
    <name>main</name>
    <message>
        <source>Language: en, de or zh_CN (default: the settings, else the system).</source>
        <translation>语言：en、de 或 zh_CN（默认：设置中的语言，否则为系统语言）。</translation>
    </message>
    <message>
        <source>Forget the saved window layout before starting.</source>
        <translation>启动前清除已保存的窗口布局。</translation>
    </message>
    <message>
        <source>CommCanary Workbench: inspect communication traces, their replays under backend configurations, and what a ranking depends on.</source>
        <translation>CommCanary Workbench：查看通信轨迹、它们在各后端配置下的重放，以及排名所依赖的因素。</translation>
    </message>
    <message>
        <source>Traces, replay reports or configuration sets to open.</source>
        <translation>要打开的轨迹、重放报告或配置集。</translation>
    </message>
</context>
</TS>
