"""In a tf.function whose input_signature has a TensorSpec of unknown rank, the argument's shape is TF's
TensorShape(None), and so are those of the ops computed from it where TF's shape inference cannot tell
(tf.shape of it is (None,), a full reduction a scalar). Printed by TF 2.21 (progs/me38/unk.py, unk2.py)."""
import framework as tf


def test_unknown_rank_argument_and_what_is_computed_from_it():
    seen = {}

    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32), tf.TensorSpec([None, 3])])
    def f(x, y):
        seen['x'] = str(x), str(x.shape), x.shape.rank, x.ndim, (x * 2).ndim, y.ndim
        seen['ops'] = [str(t.shape) for t in (tf.reshape(x, [-1]), tf.reduce_sum(x), x + y,
                                                  tf.reduce_sum(x, axis=0), tf.square(x) * 2., tf.size(x))]
        seen['shape'] = str(tf.shape(x))
        seen['y'] = str(y.shape)
        return x + y
    assert f(tf.ones([2, 3]), tf.ones([2, 3])).shape == (2, 3)
    assert seen['x'] == ('Tensor("x:0", dtype=float32)', '<unknown>', None, -1, -1, 2)
    assert seen['ops'] == ['(None,)', '()', '<unknown>', '<unknown>', '<unknown>', '()']
    assert seen['shape'] == 'Tensor("Shape:0", shape=(None,), dtype=int32)'
    assert seen['y'] == '(None, 3)'


def test_a_signature_of_known_rank_is_unchanged():
    seen = []

    @tf.function(input_signature=[tf.TensorSpec([None])])
    def g(x):
        seen.append((str(x.shape), str((x * 2).shape), str(tf.shape(x))))
        return x
    g(tf.ones([3]))
    assert seen[0] == ('(None,)', '(None,)', 'Tensor("Shape:0", shape=(1,), dtype=int32)')
