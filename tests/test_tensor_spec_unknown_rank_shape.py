"""A TensorSpec of unknown rank has TF's TensorShape(None) as its shape (tapeflow gave None, so
``spec.shape.rank`` raised AttributeError). Printed by TF 2.21 (progs/me38/spec.py)."""
import framework as tf


def test_unknown_rank_spec_shape_is_an_unknown_tensor_shape():
    for spec in (tf.TensorSpec(None), tf.TensorSpec(tf.TensorShape(None))):
        assert repr(spec.shape) == 'TensorShape(None)' and spec.shape.rank is None
        assert repr(spec) == 'TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)'
        assert spec == tf.TensorSpec(None) and spec.is_compatible_with(tf.ones([2, 2]))
        assert repr(spec.most_specific_common_supertype([tf.TensorSpec([1, 2])])) == \
            'TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)'
    assert repr(tf.TensorSpec([None, 2]).shape) == 'TensorShape([None, 2])'
    assert tf.TensorSpec(()).shape.rank == 0
    assert repr(tf.TensorSpec(()).most_specific_common_supertype([tf.TensorSpec([1, 2])])) == \
        'TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)'


def test_unknown_rank_signature_and_dataset():

    @tf.function(input_signature=[tf.TensorSpec(None)])
    def f(x):
        return x * 2
    assert f(tf.ones([2])).numpy().tolist() == [2.0, 2.0]
    assert f(tf.ones([2, 3])).shape == (2, 3)
    assert repr(f.get_concrete_function().structured_input_signature) == \
        "((TensorSpec(shape=<unknown>, dtype=tf.float32, name='x'),), {})"
    dataset = tf.data.Dataset.from_generator(lambda: iter([[1.0], [2.0, 3.0]]),
                                             output_signature=tf.TensorSpec(None, tf.float32))
    assert dataset.element_spec.shape.rank is None
    assert [x.numpy().tolist() for x in dataset] == [[1.0], [2.0, 3.0]]
