"""Small TF 2.21 names that are other ops under a second name (framework/dtypes.py's lazy names)."""
import framework as tf


def test_dtypes_complex_is_tf_complex():
    assert tf.dtypes.complex is tf.complex
    assert tf.dtypes.complex(tf.constant([1.]), tf.constant([2.])).numpy().tolist() == [1 + 2j]
