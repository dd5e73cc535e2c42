"""tf.map_fn's output-structure check and a traced cond's Python-bool predicate, in TF 2.21's words.

Golden texts printed by TF 2.21 (notes/progs/gradfuzz16/t3.py, t4.py), e.g.
``tf.map_fn(lambda e: [e, e], tf.constant([1., 2.]), fn_output_signature=(tf.float32, tf.float32))``.
"""
import pytest

import framework as tf

X = [1., 2.]


def test_map_fn_list_for_tuple_signature_is_a_type_error():
    with pytest.raises(TypeError) as info:
        tf.map_fn(lambda e: [e, e], tf.constant(X), fn_output_signature=(tf.float32, tf.float32))
    assert str(info.value) == (
        "The two structures don't have the same nested structure.\n\n"
        "First structure: type=tuple str=(tf.float32, tf.float32)\n\n"
        "Second structure: type=list str=[<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, "
        "<tf.Tensor: shape=(), dtype=float32, numpy=1.0>]\n\n"
        "More specifically: The two namedtuples don't have the same sequence type. First structure "
        "type=tuple str=(tf.float32, tf.float32) has type tuple, while second structure type=list "
        "str=[<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, <tf.Tensor: shape=(), dtype=float32, numpy=1.0>] "
        "has type list\nEntire first structure:\n(., .)\nEntire second structure:\n[., .]")


def test_map_fn_without_signature_compares_with_elems():
    with pytest.raises(ValueError) as info:
        tf.map_fn(lambda e: (e, e * 2), tf.constant(X))
    assert str(info.value).startswith(
        "The two structures don't have the same nested structure.\n\n"
        "First structure: type=EagerTensor str=tf.Tensor([1. 2.], shape=(2,), dtype=float32)\n\n"
        "Second structure: type=tuple str=(<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, "
        "<tf.Tensor: shape=(), dtype=float32, numpy=2.0>)\n\n")
    assert str(info.value).endswith('Entire first structure:\n.\nEntire second structure:\n(., .)')


def test_map_fn_signature_counts_and_keys():
    with pytest.raises(ValueError, match="The two structures don't have the same number of elements. "
                                         r"First structure: type=tuple str=\(tf.float32, tf.float32\)\. "):
        tf.map_fn(lambda e: (e, e, e), tf.constant(X), fn_output_signature=(tf.float32, tf.float32))
    with pytest.raises(ValueError, match="The two dictionaries don't have the same set of keys. First structure "
                                         r"has keys type=list str=\['a'\], while second structure has keys "
                                         r"type=list str=\['b'\]"):
        tf.map_fn(lambda e: {'b': e}, tf.constant(X), fn_output_signature={'a': tf.float32})


def test_map_fn_matching_structures_still_map():
    a, b = tf.map_fn(lambda e: (e[0] * 2, e[1] + 1), (tf.constant(X), tf.constant(X)))
    assert a.numpy().tolist() == [2., 4.] and b.numpy().tolist() == [2., 3.]


def test_traced_cond_refuses_a_python_bool():
    @tf.function
    def pick(x):
        return tf.cond(True, lambda: x, lambda: x * 2)
    with pytest.raises(TypeError) as info:
        pick(tf.constant(1.))
    text = str(info.value)
    assert text.startswith('in user code:\n\n') and 'in pick  *' in text
    assert text.endswith("    TypeError: ('pred must not be a Python bool', True)\n")


def test_eager_cond_and_traced_numpy_bool_still_pick():
    import numpy as np
    assert float(tf.cond(True, lambda: 1., lambda: 2.)) == 1.

    @tf.function
    def pick(x):
        return tf.cond(np.bool_(False), lambda: x, lambda: x * 2)
    assert float(pick(tf.constant(1.))) == 2.
