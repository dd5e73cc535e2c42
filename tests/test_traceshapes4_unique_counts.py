"""tf.unique_with_counts prints TF 2.21's graph tensors inside a tf.function (it printed its values): the op's
three outputs 'UniqueWithCounts:0' / ':1' / ':2', values and counts open, the indices as long as the input.

Golden lines: TF 2.21 (tensorflow-cpu, /opt/tfref) printing the same program (notes/progs/traceshapes4/q8.py).
"""
import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_values_indices_and_counts(capsys):
    @tf.function
    def f(v):
        print(tf.unique_with_counts(v))
        y, idx, count = tf.unique_with_counts(v, out_idx=tf.int64)
        print(y, idx, count)
        print(tf.unique_with_counts(v, name='uc'))
        return v

    f(tf.constant([1, 2, 2, 5]))
    assert _lines(capsys) == [
        "UniqueWithCounts(y=<tf.Tensor 'UniqueWithCounts:0' shape=(None,) dtype=int32>, "
        "idx=<tf.Tensor 'UniqueWithCounts:1' shape=(4,) dtype=int32>, "
        "count=<tf.Tensor 'UniqueWithCounts:2' shape=(None,) dtype=int32>)",
        'Tensor("UniqueWithCounts_1:0", shape=(None,), dtype=int32) Tensor("UniqueWithCounts_1:1", shape=(4,), '
        'dtype=int64) Tensor("UniqueWithCounts_1:2", shape=(None,), dtype=int64)',
        "UniqueWithCounts(y=<tf.Tensor 'uc:0' shape=(None,) dtype=int32>, idx=<tf.Tensor 'uc:1' shape=(4,) "
        "dtype=int32>, count=<tf.Tensor 'uc:2' shape=(None,) dtype=int32>)",
    ]


def test_an_input_signatures_open_length(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def g(v):
        print(tf.unique_with_counts(v))
        return v

    g(tf.constant([1.0, 2, 2, 5]))
    assert _lines(capsys) == [
        "UniqueWithCounts(y=<tf.Tensor 'UniqueWithCounts:0' shape=(None,) dtype=float32>, "
        "idx=<tf.Tensor 'UniqueWithCounts:1' shape=(None,) dtype=int32>, "
        "count=<tf.Tensor 'UniqueWithCounts:2' shape=(None,) dtype=int32>)"]
