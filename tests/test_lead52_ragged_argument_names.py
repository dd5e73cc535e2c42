"""A tf.function's RaggedTensor argument names its parts as TF 2.21's graph takes its components (tutorials65's
patch): the flat values 'rt:0', the row splits 'rt_1:0', ... (probe tutorials65/probes/rprint.py)."""
import framework as tf

RT = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])


def printed(signature, capsys):
    @tf.function(input_signature=[tf.RaggedTensorSpec(signature, tf.int32)])
    def f(rt):
        print(rt)
        print(rt.row_splits)
        print(rt.values)
        return rt.to_tensor()
    f(RT)
    return capsys.readouterr().out.splitlines()


def test_open_rows(capsys):
    # TF 2.21's three lines
    assert printed([None, None], capsys) == [
        'tf.RaggedTensor(values=Tensor("rt:0", shape=(None,), dtype=int32), '
        'row_splits=Tensor("rt_1:0", shape=(None,), dtype=int64))',
        'Tensor("rt_1:0", shape=(None,), dtype=int64)',
        'Tensor("rt:0", shape=(None,), dtype=int32)']


def test_known_rows(capsys):
    assert printed([3, None], capsys) == [
        'tf.RaggedTensor(values=Tensor("rt:0", shape=(None,), dtype=int32), '
        'row_splits=Tensor("rt_1:0", shape=(4,), dtype=int64))',
        'Tensor("rt_1:0", shape=(4,), dtype=int64)',
        'Tensor("rt:0", shape=(None,), dtype=int32)']
