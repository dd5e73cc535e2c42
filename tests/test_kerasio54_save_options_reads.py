"""tf.saved_model.save reads its options and signature keys as TF 2.21's save does, so a wrong one fails
there in Python's words and writes nothing (tapeflow saved): options that are no SaveOptions fail at
'experimental_variable_policy' (read for a concrete function's cache key: a signature, a tf.function with
an input_signature or a trace, a Keras model), else at 'namespace_whitelist'; a signature key that is no
str fails where the object graph escapes it (key.replace('.', '..')). Falsy options are the defaults.
Probes: notes progs/kerasio54/p11.py, p12.py (kerasio53's left item 6)."""
import os

import pytest

import framework as tf
from framework import keras


class K54WithSignature(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([])])
    def f(self, x):
        return x * self.v


class K54VariablesOnly(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)


class K54Untraced(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function
    def g(self, x):
        return x * self.v


class K54Outer(tf.Module):
    def __init__(self):
        super().__init__()
        self.c = K54WithSignature()


def _fails(tmp_path, obj, text, error=AttributeError, **kwargs):
    path = str(tmp_path / 'sm')
    with pytest.raises(error) as info:
        tf.saved_model.save(obj, path, **kwargs)
    assert str(info.value) == text
    assert not os.path.exists(path)


def test_options_that_are_no_save_options(tmp_path):
    # TF 2.21's errors
    variable_policy = "'int' object has no attribute 'experimental_variable_policy'"
    _fails(tmp_path, K54WithSignature(), variable_policy, options=3)
    _fails(tmp_path, K54Outer(), variable_policy, options=3)
    traced = K54Untraced()
    traced.g(tf.constant(1.0))
    _fails(tmp_path, traced, variable_policy, options=3)
    _fails(tmp_path, keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)]), variable_policy, options=3)
    _fails(tmp_path, K54VariablesOnly(), "'int' object has no attribute 'namespace_whitelist'", options=3)
    _fails(tmp_path, K54Untraced(), "'str' object has no attribute 'namespace_whitelist'", options='x')
    m = K54WithSignature()
    _fails(tmp_path, m, "'LoadOptions' object has no attribute 'namespace_whitelist'",
           options=tf.saved_model.LoadOptions())
    _fails(tmp_path, m, variable_policy, signatures=m.f.get_concrete_function(), options=3)


def test_signature_keys_that_are_no_str(tmp_path):
    m = K54WithSignature()
    _fails(tmp_path, m, "'int' object has no attribute 'replace'", signatures={3: m.f})
    _fails(tmp_path, m, "'int' object has no attribute 'replace'", signatures={'a': m.f, 3: m.f})
    _fails(tmp_path, m, "'NoneType' object has no attribute 'replace'", signatures={None: m.f})
    _fails(tmp_path, m, "a bytes-like object is required, not 'str'", TypeError, signatures={b'x': m.f})
    # the options first, then the keys
    _fails(tmp_path, m, "'int' object has no attribute 'replace'", signatures={3: m.f},
           options=tf.saved_model.LoadOptions())
    _fails(tmp_path, m, "'int' object has no attribute 'experimental_variable_policy'", signatures={3: m.f},
           options=3)


def test_falsy_options_and_the_signature_check_first(tmp_path):
    m = K54WithSignature()
    tf.saved_model.save(m, str(tmp_path / 'ok'), options=0)
    loaded = tf.saved_model.load(str(tmp_path / 'ok'))     # (kept: TF 2.21 refuses a call on a collected root)
    assert float(loaded.f(tf.constant(3.0))) == 6.0
    _fails(tmp_path, m, 'Expected a TensorFlow function for which to generate a signature, but got 3. Only '
           '`tf.functions` with an input signature or concrete functions can be used as a signature.', ValueError,
           signatures=3, options=3)
