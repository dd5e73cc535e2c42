"""autograph13: tf.function's own surface as TF 2.21 prints it (printed by TF 2.21, /work/notes/progs/autograph13/
p10.py). tf.function(model.call) of a Sequential lists the variables its call reads under 'Captures:' (tapeflow said
None: the scan of the call's code could not see the layers' list), and a decorated method's python_function prints
as the class's function ('<function A.m at 0x...>'; tapeflow printed the bound method)."""
import re

import framework as tf
from framework import keras


def test_a_function_of_a_sequential_call_captures_its_variables():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer='ones')])
    call = tf.function(model.call)
    assert call(tf.ones([2, 3])).numpy().tolist() == [[3.0], [3.0]]
    text = call.pretty_printed_concrete_signatures()
    # TF 2.21 (ids aside):
    expected = ('Input Parameters:\n'
                '  inputs (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(2, 3), dtype=tf.float32, name=None)\n'
                '  training (POSITIONAL_OR_KEYWORD): Literal[None]\n'
                '  mask (POSITIONAL_OR_KEYWORD): Literal[None]\n'
                'Output Type:\n'
                '  TensorSpec(shape=(2, 1), dtype=tf.float32, name=None)\n'
                'Captures:\n'
                '  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)\n'
                '  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)')
    assert re.sub(r'(?m)^  \d+:', '  ID:', text) == expected
    assert len(call.get_concrete_function(tf.TensorSpec([2, 3])).variables) == 2


class _Holder:
    @tf.function
    def m(self, x):
        return x * 2


def test_a_decorated_methods_python_function_prints_as_the_class_function():
    holder = _Holder()
    assert float(holder.m(tf.constant(1.0))) == 2.0
    assert repr(holder.m.python_function) != repr(_Holder.m.python_function)      # (another object, as in TF)
    assert re.fullmatch(r'<function _Holder\.m at 0x[0-9a-f]+>', repr(holder.m.python_function))
    assert float(holder.m.python_function(tf.constant(3.0))) == 6.0     # still bound to its instance


def test_a_bare_call_gives_tfs_decorator():
    # TF 2.21: <function function.<locals>.decorated at 0x...> (tapeflow's was named 'decorate')
    assert re.fullmatch(r'<function function\.<locals>\.decorated at 0x[0-9a-f]+>', repr(tf.function(None)))
    assert re.fullmatch(r'<function function\.<locals>\.decorated at 0x[0-9a-f]+>', repr(tf.function()))


def test_specs_of_one_name_take_unique_placeholder_names():
    @tf.function(input_signature=[tf.TensorSpec([], name='a'), tf.TensorSpec([], name='a')])
    def add(x, y):
        return x + y
    assert float(add(1.0, 2.0)) == 3.0
    # TF 2.21: [<tf.Tensor 'a:0' shape=() dtype=float32>, <tf.Tensor 'a_1:0' shape=() dtype=float32>] ('y_1:0' here)
    assert [t.name for t in add.get_concrete_function().inputs] == ['a:0', 'a_1:0']
