"""A loaded SavedModel's signatures print as the ConcreteFunctions TF 2.21 revives: print(sig) shows
'ConcreteFunction Input Parameters:' with the keyword inputs sorted, the output dict and one resource
capture per variable read; repr(sig) (so print(loaded.signatures)) '<ConcreteFunction (*, x: ...) ->
Dict[...] at 0x...>'; loaded.signatures.keys() is a KeysView(_SignatureMap({...})). tapeflow printed
'<framework.saved_model.signatures.Signature object at 0x...>', had no pretty_printed_signature, and
keys() gave dict_keys([...]); a loaded tf.function prints as TF's RestoredFunction (probe
/work/notes/progs/kerasio48/p4.py)."""
import re

import numpy as np

import framework as tf
from framework import keras

X = "x: TensorSpec(shape=(2,), dtype=tf.float32, name='x')"
OUT0 = "Dict[['output_0', TensorSpec(shape=(2,), dtype=tf.float32, name='output_0')]]"


class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.)

    @tf.function(input_signature=[tf.TensorSpec((2,), tf.float32)])
    def h(self, x, flag=True):
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec((2,), tf.float32), tf.TensorSpec((), tf.int32, name='n')])
    def two(self, x, n):
        return {'a': x}


def _no_ids(text):
    return re.sub('0x[0-9A-F]+', '0x?', re.sub(r'\n  \d+: ', '\n  ID: ', str(text)))


def test_signatures_print_as_concrete_functions(tmp_path):
    module = M()
    tf.saved_model.save(module, str(tmp_path / 'm'), signatures={'h': module.h, 'two': module.two})
    loaded = tf.saved_model.load(str(tmp_path / 'm'))
    h, two = loaded.signatures['h'], loaded.signatures['two']
    # TF 2.21's texts
    assert _no_ids(h) == ('ConcreteFunction Input Parameters:\n  x (KEYWORD_ONLY): TensorSpec(shape=(2,), '
                          "dtype=tf.float32, name='x')\nOutput Type:\n  %s\nCaptures:\n  ID: TensorSpec(shape=(), "
                          'dtype=tf.resource, name=None)' % OUT0)
    two_line = ("(*, n: TensorSpec(shape=(), dtype=tf.int32, name='n'), %s) -> Dict[['a', TensorSpec(shape=(2,), "
                "dtype=tf.float32, name='a')]]" % X)
    assert two.pretty_printed_signature(verbose=False) == str(two.function_type) == two_line
    assert two.pretty_printed_signature().split('\n')[:3] == [
        'Input Parameters:', "  n (KEYWORD_ONLY): TensorSpec(shape=(), dtype=tf.int32, name='n')",
        "  x (KEYWORD_ONLY): TensorSpec(shape=(2,), dtype=tf.float32, name='x')"]
    assert two.pretty_printed_signature().endswith('Captures:\n  None')
    assert re.fullmatch('<ConcreteFunction %s at 0x[0-9A-F]+>' % re.escape(two_line), repr(two))
    listed = '_SignatureMap({%r: <ConcreteFunction (*, %s) -> %s at 0x?>, %r: <ConcreteFunction %s at 0x?>})' % (
        'h', X, OUT0, 'two', two_line)
    assert _no_ids(repr(loaded.signatures)) == listed
    assert _no_ids(loaded.signatures.keys()) == 'KeysView(%s)' % listed
    assert _no_ids(loaded.signatures.items()) == 'ItemsView(%s)' % listed
    assert list(loaded.signatures.keys()) == ['h', 'two'] and 'two' in loaded.signatures.keys()
    assert [k for k, _ in loaded.signatures.items()] == ['h', 'two'] and len(loaded.signatures.values()) == 2
    np.testing.assert_array_equal(h(x=tf.constant([1., 2.]))['output_0'].numpy(), [2., 4.])
    # TF 2.21: print(loaded.h) (tapeflow: <framework.saved_model.loaded._LoadedFunction object at 0x...>)
    assert re.fullmatch('<tensorflow.python.saved_model.function_deserialization.RestoredFunction object at '
                        '0x[0-9a-f]+>', repr(loaded.h))


def test_a_keras_model_signature_lists_its_captures(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    tf.saved_model.save(model, str(tmp_path / 'k'))
    serving = tf.saved_model.load(str(tmp_path / 'k')).signatures['serving_default']
    # TF 2.21: the kernel and bias handles
    assert _no_ids(serving.pretty_printed_signature()).endswith(
        'Captures:\n  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)\n'
        '  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)')
