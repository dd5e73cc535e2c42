"""autograph13: a tf.function's 'Output Type:' and structured_outputs take the shapes the trace inferred (as a print
in the trace shows them), and a loop's set_loop_options shape_invariants shape its outputs (printed by TF 2.21,
/work/notes/progs/autograph13/p15.py, p16.py, p17.py). tapeflow read output shapes from the run's arrays, guessing
an axis open where its length equalled an open input length: reduce_sum(x, 0) of a (3, 3) run of a (None, 3)
signature showed (None,) where TF has (3,), a reshape to [-1] (9,) where TF has (None,), tf.where / boolean_mask
(2, 1) / (2,) where TF has (None, 1) / (None,), tf.rank of a TensorSpec(None) <unknown> where TF has (); a loop
variable given the invariant [None] printed as while:3 with its entry shape (1,)."""
import framework as tf


def _output_type(function):
    text = function.pretty_printed_concrete_signatures()
    return text.split('Output Type:\n  ')[1].split('\nCaptures:')[0]


def _spec(shape, dtype='float32'):
    return 'TensorSpec(shape=%s, dtype=tf.%s, name=None)' % (shape, dtype)


def test_outputs_take_the_shapes_the_trace_inferred():
    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def reductions(x):
        return tf.reduce_sum(x, 0), tf.reduce_sum(x, 1), x[:, :2], tf.reshape(x, [-1]), tf.shape(x), tf.rank(x)
    values = reductions(tf.ones([3, 3]))
    assert [tuple(v.shape) for v in values] == [(3,), (3,), (3, 2), (9,), (2,), ()]
    assert _output_type(reductions) == 'Tuple[%s]' % ', '.join([
        _spec('(3,)'), _spec('(None,)'), _spec('(None, 2)'), _spec('(None,)'), _spec('(2,)', 'int32'),
        _spec('()', 'int32')])
    outputs = reductions.get_concrete_function().structured_outputs
    assert [str(o.shape) for o in outputs] == ['(3,)', '(None,)', '(None, 2)', '(None,)', '(2,)', '()']


def test_data_dependent_lengths_are_open():
    @tf.function(input_signature=[tf.TensorSpec([None])])
    def selected(x):
        return tf.where(x > 0), tf.boolean_mask(x, x > 0), tf.unique(x)[0]
    assert selected(tf.constant([1.0, -1.0, 2.0]))[1].numpy().tolist() == [1.0, 2.0]
    assert _output_type(selected) == 'Tuple[%s, %s, %s]' % (_spec('(None, 1)', 'int64'), _spec('(None,)'),
                                                            _spec('(None,)'))


def test_the_rank_of_an_unknown_rank_input_is_a_scalar():
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def rank(x):
        return tf.rank(x)
    assert int(rank(tf.ones([2, 3]))) == 2
    assert _output_type(rank) == _spec('()', 'int32')


def test_shape_invariants_shape_the_loop_outputs(capsys):
    @tf.function
    def grown(n):
        x = tf.zeros([1])
        for _ in tf.range(n):
            tf.autograph.experimental.set_loop_options(shape_invariants=[(x, tf.TensorShape([None]))])
            x = tf.concat([x, [1.0]], 0)
        print('after', x)
        return x

    @tf.function
    def unranked(n):
        x = tf.zeros([1])
        i = tf.constant(0)
        while i < n:
            tf.autograph.experimental.set_loop_options(shape_invariants=[(x, tf.TensorShape(None))])
            x = tf.concat([x, [1.0]], 0)
            i += 1
        print('after', x)
        return x
    assert grown(tf.constant(3)).numpy().tolist() == [0.0, 1.0, 1.0, 1.0]
    assert unranked(tf.constant(2)).numpy().tolist() == [0.0, 1.0, 1.0]
    assert capsys.readouterr().out == ('after Tensor("while:3", shape=(None,), dtype=float32)\n'
                                       'after Tensor("while:2", dtype=float32)\n')
    assert _output_type(grown) == _spec('(None,)')
    assert _output_type(unranked) == 'TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)'
