"""tf.repeat with a count per row prints TF 2.21's graph tensor inside a tf.function (it printed its value):
repeat_with_axis's boolean_mask of the tiled rows, 'Repeat/boolean_mask/GatherV2' with open rows on axis 0 (and
axis=None, the input flattened first), 'Repeat/Reshape' on a later axis, as long as the counts' sum where TF folds
them. One count keeps 'Repeat/Reshape_1'; a given name is the scope ('rp/boolean_mask/GatherV2').

Golden lines: TF 2.21 (tensorflow-cpu, /opt/tfref) printing the same program (notes/progs/traceshapes4/q4.py;
notes/progs/gradfuzz30/p2.py found it).
"""
import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def _x():
    return tf.constant([[1.0, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]])


def test_counts_per_row(capsys):
    @tf.function
    def f(x, v):
        print(tf.repeat(x, [1, 0, 2, 1], axis=0))
        print(tf.repeat(x, [1, 0, 2], axis=1))
        print(tf.repeat(x, v, axis=0))
        print(tf.repeat(x, tf.constant([1, 0, 2, 1]), axis=0))
        print(tf.repeat(x, [2], axis=0))
        print(tf.repeat(x, 2, axis=0))
        print(tf.repeat(x[0], [1, 0, 2]))
        print(tf.repeat(x, [1] * 12))
        print(tf.repeat(x, [1, 0, 2, 1], axis=-2))
        return x

    f(_x(), tf.constant([1, 0, 2, 1]))
    assert _lines(capsys) == [
        'Tensor("Repeat/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
        'Tensor("Repeat_1/Reshape:0", shape=(4, 3), dtype=float32)',
        'Tensor("Repeat_2/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
        'Tensor("Repeat_3/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
        'Tensor("Repeat_4/Reshape_1:0", shape=(8, 3), dtype=float32)',
        'Tensor("Repeat_5/Reshape_1:0", shape=(8, 3), dtype=float32)',
        'Tensor("Repeat_6/boolean_mask/GatherV2:0", shape=(None,), dtype=float32)',
        'Tensor("Repeat_7/boolean_mask/GatherV2:0", shape=(None,), dtype=float32)',
        'Tensor("Repeat_8/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
    ]


def test_an_input_signatures_open_lengths(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32)])
    def g(x, i):
        print(tf.repeat(x, i, axis=0))
        print(tf.repeat(x, [1, 2, 3], axis=1))
        print(tf.repeat(x, [1, 0, 2, 1], axis=0))
        return x

    g(_x(), tf.constant([1, 0, 2, 1]))
    assert _lines(capsys) == [
        'Tensor("Repeat/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
        'Tensor("Repeat_1/Reshape:0", shape=(None, 6), dtype=float32)',
        'Tensor("Repeat_2/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
    ]


def test_a_given_name_is_the_scope(capsys):
    # (TF 2.21: notes/progs/traceshapes4/q9.py)
    @tf.function
    def f(x):
        print(tf.repeat(x, [1, 0, 2, 1], axis=0, name='rp'))
        print(tf.repeat(x, [1, 0, 2, 1], axis=0, name='rp'))
        print(tf.repeat(x, 2, axis=0, name='rp'))
        print(tf.repeat(x, [1, 0, 2], axis=1, name='rq'))
        print(tf.repeat(x, 2, name='rq'))
        with tf.name_scope('outer'):
            print(tf.repeat(x, 2, axis=1, name='rp'))
            print(tf.repeat(x, [1, 0, 2, 1], axis=0))
        return x

    f(_x())
    assert _lines(capsys) == [
        'Tensor("rp/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
        'Tensor("rp_1/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
        'Tensor("rp_2/Reshape_1:0", shape=(8, 3), dtype=float32)',
        'Tensor("rq/Reshape:0", shape=(4, 3), dtype=float32)',
        'Tensor("rq_1/Reshape_1:0", shape=(24,), dtype=float32)',
        'Tensor("outer/rp/Reshape_1:0", shape=(4, 6), dtype=float32)',
        'Tensor("outer/Repeat/boolean_mask/GatherV2:0", shape=(None, 3), dtype=float32)',
    ]
