"""What tf.numpy_function hands its function, as TF 2.21: eagerly 0-d numpy arrays (strings too);
inside a tf.function or a Dataset.map (TF's PyFunc kernel, PyArray_Return) a 0-d value is a numpy
scalar and a 0-d string the bytes (dataset_ops.py's map docstring calls t.decode('utf-8')).
Golden values printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/npf.py and npf2.py."""
import numpy as np

import framework as tf


def _seen(values, traced):
    seen = []

    def record(x):
        seen.append(x)
        return x
    for value in values:
        if traced:
            tf.function(lambda v: tf.numpy_function(record, [v], v.dtype))(value)
        else:
            tf.numpy_function(record, [value], value.dtype)
    return seen


def test_eager_arguments_are_arrays():
    seen = _seen([tf.constant('hi'), tf.constant(['a', 'b']), tf.constant(3)], traced=False)
    assert [type(x).__name__ for x in seen] == ['ndarray', 'ndarray', 'ndarray']
    assert seen[0][()] == b'hi' and seen[1].tolist() == [b'a', b'b'] and seen[2].dtype == np.int32


def test_traced_scalars_are_numpy_scalars_and_bytes():
    seen = _seen([tf.constant('hi'), tf.constant(['a', 'b']), tf.constant(3), tf.constant(2.5)], traced=True)
    assert seen[0] == b'hi' and type(seen[0]) is bytes
    assert type(seen[1]).__name__ == 'ndarray'
    assert type(seen[2]) is np.int32 and seen[2] == 3
    assert type(seen[3]) is np.float32


def test_dataset_map_docstring_upper_case():
    d = tf.data.Dataset.from_tensor_slices(['hello', 'world'])
    d = d.map(lambda x: tf.numpy_function(func=lambda t: t.decode('utf-8').upper(), inp=[x], Tout=tf.string))
    assert list(d.as_numpy_iterator()) == [b'HELLO', b'WORLD']
