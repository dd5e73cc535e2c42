"""A tf.function returning a RaggedTensor lists a RaggedTensorSpec as its 'Output Type:', as TF 2.21 does
(tapeflow printed 'Literal[<tf.RaggedTensor [...]>]', the run's values).

Goldens: TF 2.21 (tensorflow-cpu) printed them, /work/notes/progs/tutorials67/ragfn.py (the ragged guide's
``increment``) and ragout.py. The rows are the trace's where the output keeps an input's row splits.
"""
import framework as tf


def _output_types(function):
    lines = function.pretty_printed_concrete_signatures().splitlines()
    return [lines[i + 1].strip() for i, line in enumerate(lines) if line == 'Output Type:']


def test_the_guides_increment():
    @tf.function
    def increment(x):
        return x + 1
    increment(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))
    increment(tf.ragged.constant([[1], [3], [4, 5, 7], [1]]))
    assert _output_types(increment) == ['RaggedTensorSpec(TensorShape([3, None]), tf.int32, 1, tf.int64)',
                                         'RaggedTensorSpec(TensorShape([4, None]), tf.int32, 1, tf.int64)']
    cf = increment.get_concrete_function(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))
    assert str(cf).splitlines()[3] == '  RaggedTensorSpec(TensorShape([3, None]), tf.int32, 1, tf.int64)'


def test_open_rows_and_inner_axes():
    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
    def f(x):
        return x * 2
    f(tf.ragged.constant([[1, 2], [3]]))
    assert _output_types(f) == ['RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)']

    @tf.function
    def g(x):
        return tf.ragged.map_flat_values(tf.nn.relu, x), tf.concat([x, x], axis=0)
    g(tf.ragged.constant([[[1., 2.]], [[3., 4.], [5., 6.]]], ragged_rank=1))
    assert _output_types(g) == ['Tuple[RaggedTensorSpec(TensorShape([2, None, 2]), tf.float32, 1, tf.int64), '
                                'RaggedTensorSpec(TensorShape([4, None, 2]), tf.float32, 1, tf.int64)]']


def test_structured_outputs_are_graph_ragged_tensors():
    # ragso.py: components numbered as TF's graph outputs, flat values first, then the splits outermost first
    @tf.function
    def f(x):
        return x + 1, x
    rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    f(rt)
    cf = f.get_concrete_function(rt)
    assert str(cf.structured_outputs) == (
        '(tf.RaggedTensor(values=Tensor("Identity:0", shape=(None,), dtype=int32), row_splits=Tensor("Identity_1:0", '
        'shape=(4,), dtype=int64)), tf.RaggedTensor(values=Tensor("Identity_2:0", shape=(None,), dtype=int32), '
        'row_splits=Tensor("Identity_3:0", shape=(4,), dtype=int64)))')
    assert [t.name for t in cf.outputs] == ['Identity:0', 'Identity_1:0', 'Identity_2:0', 'Identity_3:0']

    @tf.function
    def g(x):
        return x * 2
    r3 = tf.ragged.constant([[[1], [2, 3]], [[4]]])
    g(r3)
    assert str(g.get_concrete_function(r3).structured_outputs) == (
        'tf.RaggedTensor(values=tf.RaggedTensor(values=Tensor("Identity:0", shape=(None,), dtype=int32), '
        'row_splits=Tensor("Identity_2:0", shape=(None,), dtype=int64)), row_splits=Tensor("Identity_1:0", '
        'shape=(3,), dtype=int64))')
