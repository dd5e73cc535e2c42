"""A traced slice's length where its bound is computed: open (None) where the bound's value depends on
what only the graph's run gives, folded where TF 2.21's shape inference can evaluate it.

Printed by TF 2.21 (/work/notes/progs/autograph11/p11.py) for x = tf.constant([1., 2., 3.]), n = tf.constant(2):
x[:n] (None,), x[:tf.constant(2)] (2,), x[1:n + 1] (None,), x[:tf.shape(x)[0] - 1] (2,), x[:tf.size(x) - 1] (2,),
x[:tf.reduce_sum(tf.stack([n, 0]))] (None,), x[:tf.cast(tf.reduce_max(x), tf.int32)] (None,), x[:v] (None,),
x[:tf.constant(3) - 1] (2,), x[:tf.random.uniform([], 1, 3, tf.int32)] (None,), x[:tf.rank(x) + 1] (2,),
x[:tf.shape(tf.zeros([2]))[0]] (2,); with input_signature [TensorSpec([None])]: x[:tf.shape(x)[0] - 1] (None,).
"""
import framework as tf


def test_bounds_computed_in_the_trace():
    v = tf.Variable(2)
    shapes = {}

    @tf.function
    def f(x, n):
        shapes.update({
            'n': x[:n].shape, 'const': x[:tf.constant(2)].shape, 'n+1': x[1:n + 1].shape,
            'shape-1': x[:tf.shape(x)[0] - 1].shape, 'size-1': x[:tf.size(x) - 1].shape,
            'stacked': x[:tf.reduce_sum(tf.stack([n, 0]))].shape,
            'from values': x[:tf.cast(tf.reduce_max(x), tf.int32)].shape, 'variable': x[:v].shape,
            'const-1': x[:tf.constant(3) - 1].shape, 'random': x[:tf.random.uniform([], 1, 3, tf.int32)].shape,
            'rank+1': x[:tf.rank(x) + 1].shape, 'other shape': x[:tf.shape(tf.zeros([2]))[0]].shape})
        return x
    f(tf.constant([1., 2., 3.]), tf.constant(2))
    assert {k: tuple(s) for k, s in shapes.items()} == {
        'n': (None,), 'const': (2,), 'n+1': (None,), 'shape-1': (2,), 'size-1': (2,), 'stacked': (None,),
        'from values': (None,), 'variable': (None,), 'const-1': (2,), 'random': (None,), 'rank+1': (2,),
        'other shape': (2,)}


def test_shape_of_an_open_input_does_not_fold(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None])])
    def f2(x):
        print(x[:tf.shape(x)[0] - 1].shape, x[1:].shape, x[:2].shape)
        return x
    f2(tf.constant([1., 2., 3.]))
    assert capsys.readouterr().out == '(None,) (None,) (None,)\n'      # TF 2.21


def test_eager_slices_keep_their_lengths():
    x, n = tf.constant([1., 2., 3.]), tf.constant(2)
    assert tuple(x[1:n + 1].shape) == (2,)
