"""tf.math.in_top_k and tf.histogram_fixed_width print TF 2.21's graph tensors inside a tf.function (they printed
their values): 'in_top_k/InTopKV2' one bool per target (the targets' length, else the predictions' rows), and
'histogram_fixed_width' nbins long where TF folds it, open for an argument's value.

Golden lines: TF 2.21 (tensorflow-cpu, /opt/tfref) printing the same program (notes/progs/traceshapes4/q10.py).
"""
import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def _x():
    return tf.constant([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])


def test_known_lengths(capsys):
    @tf.function
    def f(x, n):
        print(tf.math.in_top_k([0, 1], x, 1), tf.math.in_top_k(tf.constant([2, 1]), x, 2), tf.nn.in_top_k([0, 1], x, 1))
        print(tf.histogram_fixed_width(x, [0.0, 1.0], 5), tf.histogram_fixed_width(x, [0.0, 1.0], nbins=n))
        print(tf.histogram_fixed_width(x, [0.0, 1.0], tf.constant(3)), tf.histogram_fixed_width(x, [0.0, 1.0]))
        print(tf.histogram_fixed_width(x, [0.0, 1.0], 4, name='h'))
        return x

    f(_x(), tf.constant(4))
    assert _lines(capsys) == [
        'Tensor("in_top_k/InTopKV2:0", shape=(2,), dtype=bool) Tensor("in_top_k_1/InTopKV2:0", shape=(2,), '
        'dtype=bool) Tensor("in_top_k_2/InTopKV2:0", shape=(2,), dtype=bool)',
        'Tensor("histogram_fixed_width:0", shape=(5,), dtype=int32) '
        'Tensor("histogram_fixed_width_1:0", shape=(None,), dtype=int32)',
        'Tensor("histogram_fixed_width_2:0", shape=(3,), dtype=int32) '
        'Tensor("histogram_fixed_width_3:0", shape=(100,), dtype=int32)',
        'Tensor("h:0", shape=(4,), dtype=int32)',
    ]


def test_an_input_signatures_open_lengths(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32)])
    def g(x, t):
        print(tf.math.in_top_k(t, x, 1), tf.math.in_top_k([0, 1], x, 1), tf.histogram_fixed_width(x, [0.0, 1.0], 5))
        return x

    g(_x(), tf.constant([0, 1]))
    assert _lines(capsys) == [
        'Tensor("in_top_k/InTopKV2:0", shape=(None,), dtype=bool) Tensor("in_top_k_1/InTopKV2:0", shape=(2,), '
        'dtype=bool) Tensor("histogram_fixed_width:0", shape=(5,), dtype=int32)']
