"""tf.math ops in a tf.function trace print TF 2.21's graph tensors (the tf.function guide's print(x) in a trace).

These ops printed their values in tapeflow's traces (no graph_op_names row), so a Dataset.map after them kept
the first element's lengths in its element_spec where TF's shape inference leaves them open.
"""
import framework as tf

_OPS = [
    ('math.expm1', lambda x: tf.math.expm1(x), 'Expm1', 'float32'),
    ('math.tan', lambda x: tf.math.tan(x), 'Tan', 'float32'),
    ('math.rint', lambda x: tf.math.rint(x), 'Rint', 'float32'),
    ('math.is_inf', lambda x: tf.math.is_inf(x), 'IsInf', 'bool'),
    ('math.xlogy', lambda x: tf.math.xlogy(x, x), 'Xlogy', 'float32'),
    ('nn.selu', lambda x: tf.nn.selu(x), 'Selu', 'float32'),
    ('math.acos', lambda x: tf.math.acos(x), 'Acos', 'float32'),
    ('math.sinh', lambda x: tf.math.sinh(x), 'Sinh', 'float32'),
    ('math.lgamma', lambda x: tf.math.lgamma(x), 'Lgamma', 'float32'),
    ('math.digamma', lambda x: tf.math.digamma(x), 'Digamma', 'float32'),
    ('math.reciprocal_no_nan', lambda x: tf.math.reciprocal_no_nan(x), 'reciprocal_no_nan', 'float32'),
    ('math.multiply_no_nan', lambda x: tf.math.multiply_no_nan(x, x), 'multiply_no_nan', 'float32'),
    ('math.cumulative_logsumexp', lambda x: tf.math.cumulative_logsumexp(x), 'CumulativeLogsumexp', 'float32'),
    ('dtypes.saturate_cast', lambda x: tf.dtypes.saturate_cast(x, tf.int32), 'saturate_cast', 'int32'),
]


def test_printed_graph_tensors(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x):
        for _, op, _, _ in _OPS:
            print(op(x))
        return 0

    f(tf.constant([0.5, 0.25, 2.0]))
    # TF 2.21: Tensor("<name>:0", shape=(None,), dtype=<dtype>) for each
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("%s:0", shape=(None,), dtype=%s)' % (name, dtype) for _, _, name, dtype in _OPS]


def test_map_element_spec_open_after_them():
    ds = tf.data.Dataset.from_tensor_slices(['1 2', '3 4 5']).map(
        lambda t: tf.math.expm1(tf.strings.to_number(tf.strings.split(t))))
    # TF 2.21: TensorSpec(shape=(None,), dtype=tf.float32, name=None)
    assert str(ds.element_spec.shape) == '(None,)'
