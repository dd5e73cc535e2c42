"""The text-classification tutorial ported with only its imports changed: reviews held in a
numpy str array become string tensors of UTF-8 bytes, as TensorFlow makes them.

Expected reprs were printed by TensorFlow 2.21 running the same lines (`tf.` in place of
`tapeflow.`); the tutorial prints `text_batch.numpy()[i]` and reads b'...'.
"""
import numpy as np

import framework as tf


def test_constant_of_a_numpy_str_array_holds_utf8_bytes():
    # TF 2.21: <tf.Tensor: shape=(2,), dtype=string, numpy=array([b'\xc3\xa9', b'x'], dtype=object)>
    t = tf.constant(np.array(['é', 'x']))
    assert repr(t) == "<tf.Tensor: shape=(2,), dtype=string, numpy=array([b'\\xc3\\xa9', b'x'], dtype=object)>"
    # TF 2.21: <tf.Tensor: shape=(), dtype=string, numpy=b'hi'>
    assert repr(tf.constant(np.str_('hi'))) == "<tf.Tensor: shape=(), dtype=string, numpy=b'hi'>"
    # TF 2.21: array([[b'a', b'bb']], dtype=object)
    assert repr(tf.convert_to_tensor(np.array([['a', 'bb']])).numpy()) == "array([[b'a', b'bb']], dtype=object)"


def test_dataset_of_a_numpy_str_array_hands_out_bytes():
    ds = tf.data.Dataset.from_tensor_slices((np.array(['Great movie!', 'Dull.']), np.array([1, 0])))
    text_batch, label_batch = next(iter(ds.batch(2)))
    # TF 2.21: the tutorial's print("Review", text_batch.numpy()[0]) -> Review b'Great movie!'
    assert str(text_batch.numpy()[0]) == "b'Great movie!'"
    assert repr(text_batch.numpy()) == "array([b'Great movie!', b'Dull.'], dtype=object)"
    first = next(iter(ds))[0]
    # TF 2.21: tf.Tensor(b'Great movie!', shape=(), dtype=string)
    assert str(first) == "tf.Tensor(b'Great movie!', shape=(), dtype=string)"
    # TF 2.21: [b'Great movie!', b'Dull.']
    assert list(ds.map(lambda x, y: x).as_numpy_iterator()) == [b'Great movie!', b'Dull.']
