"""from_generator's legacy output_types / output_shapes as TF 2.21 reads them.

Numbers are cast as numpy_compat.np_asarray casts under NumPy 2 (astype: out-of-range values wrap), and
the shapes are matched to the types with tf.data's nest (a list is a leaf, i.e. a shape).
Printed by TF 2.21 (/work/notes/progs/data10/p12.py, p13.py):
    from_generator(lambda: iter([2**40]), output_types=tf.int32, output_shapes=())  -> [0]
    from_generator(lambda: iter([-1]), output_types=tf.uint8, output_shapes=())     -> [255]
    from_generator(lambda: iter(['1']), output_types=tf.int32, output_shapes=())    -> [1]
    output_types=(tf.int32,), output_shapes=[None]: TypeError "If shallow structure is a sequence, input must
        also be a sequence. Input has type: 'list'."   (and the texts below)
"""
import pytest

import framework as tf


def _values(ds):
    return [x.tolist() for x in ds.as_numpy_iterator()]


@pytest.mark.parametrize('item, dtype, expected', [
    (2 ** 40, tf.int32, [0]), (-1, tf.uint8, [255]), ('1', tf.int32, [1]), (1.5, tf.int32, [1]), (1, tf.bool, [True]),
])
def test_legacy_values_are_cast_as_tf_casts_them(item, dtype, expected):
    ds = tf.data.Dataset.from_generator(lambda: iter([item]), output_types=dtype, output_shapes=())
    assert _values(ds) == expected


def _build(types, shapes):
    return tf.data.Dataset.from_generator(lambda: iter([[1]]), output_types=types, output_shapes=shapes)


@pytest.mark.parametrize('types, shapes, error, text', [
    ((tf.int32,), [None], TypeError,
     "If shallow structure is a sequence, input must also be a sequence. Input has type: 'list'."),
    ((tf.int32,), 5, TypeError,
     "If shallow structure is a sequence, input must also be a sequence. Input has type: 'int'."),
    ((tf.int32, tf.int32), (None,), ValueError,
     "The two structures don't have the same sequence length. Input structure has length 1, while shallow "
     "structure has length 2."),
    ({'a': tf.int32}, {'b': ()}, ValueError,
     "The two structures don't have the same keys. Input structure has keys ['b'], while shallow structure has "
     "keys ['a']."),
    ({'a': tf.int32}, ((),), TypeError,
     "The two structures don't have the same sequence type. Input structure has type 'tuple', while shallow "
     "structure has type 'dict'."),
])
def test_shapes_not_shaped_like_the_types(types, shapes, error, text):
    with pytest.raises(error) as info:
        _build(types, shapes)
    assert str(info.value).split('\n')[0] == text


def test_a_list_inside_the_shapes_is_one_shape():
    assert _build((tf.int32,), ([None],)).element_spec == (tf.TensorSpec((None,), tf.int32),)
    assert _build({'a': tf.int32}, {'a': [None]}).element_spec == {'a': tf.TensorSpec((None,), tf.int32)}
