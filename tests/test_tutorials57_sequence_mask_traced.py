"""tf.sequence_mask in a trace has TF 2.21's static shape: the lengths' shape, then maxlen (open where only the
run gives it). tapeflow left the shape unknown for open lengths, and folded max(lengths) of an argument."""
import framework as tf


def test_traced_shapes(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32), tf.TensorSpec([3], tf.int32)])
    def f(n, k):
        print(tf.sequence_mask(tf.constant([1, 3])))
        print(tf.sequence_mask(n))
        print(tf.sequence_mask(n, 5))
        print(tf.sequence_mask(k))
        print(tf.sequence_mask(k, 4))
        print(tf.sequence_mask(tf.reshape(n, [-1, 1])))
        return 0

    f(tf.constant([1, 2]), tf.constant([1, 2, 3]))
    # TF 2.21's lines
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("SequenceMask/Less:0", shape=(2, 3), dtype=bool)',
        'Tensor("SequenceMask_1/Less:0", shape=(None, None), dtype=bool)',
        'Tensor("SequenceMask_2/Less:0", shape=(None, 5), dtype=bool)',
        'Tensor("SequenceMask_3/Less:0", shape=(3, None), dtype=bool)',
        'Tensor("SequenceMask_4/Less:0", shape=(3, 4), dtype=bool)',
        'Tensor("SequenceMask_5/Less:0", shape=(None, 1, None), dtype=bool)']


def test_map_element_spec():
    ds = tf.data.Dataset.from_tensor_slices(['Hello World', 'a b c d']).map(
        lambda t: tf.sequence_mask(tf.strings.length(tf.strings.split(t))))
    # TF 2.21: TensorSpec(shape=(None, None), dtype=tf.bool, name=None)
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None, None), dtype=tf.bool, name=None)'
    assert [x.numpy().shape for x in ds] == [(2, 5), (4, 1)]


def test_other_dtypes_and_constant_maxlen(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def f(n):
        print(tf.sequence_mask(n, dtype=tf.float32))
        print(tf.sequence_mask(n, 5, dtype=tf.int32))
        print(tf.sequence_mask(n, tf.constant(4), dtype=tf.float32))
        return 0

    f(tf.constant([1, 2]))
    # TF 2.21: the cast after the comparison names the result; a constant maxlen is folded
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("SequenceMask/Cast_1:0", shape=(None, None), dtype=float32)',
        'Tensor("SequenceMask_1/Cast_1:0", shape=(None, 5), dtype=int32)',
        'Tensor("SequenceMask_2/Cast_1:0", shape=(None, 4), dtype=float32)']
