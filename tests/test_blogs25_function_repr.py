"""print(train_step) for a tf.function prints Python's object repr of TF 2.21's Function class
(/work/notes/progs/blogs25/p10.py: '<tensorflow.python.eager.polymorphic_function.polymorphic_function.Function
object at 0x7f37ca8b5690>'); tapeflow printed '<framework.function.Function train_step at 0x7F...>'."""
import re

import framework as tf


def test_a_function_prints_as_tensorflows():
    @tf.function
    def train_step(x):
        return x * 2

    text = repr(train_step)
    assert re.fullmatch(r'<tensorflow\.python\.eager\.polymorphic_function\.polymorphic_function\.Function '
                        r'object at 0x[0-9a-f]+>', text)
    assert text.endswith('%x>' % id(train_step)) and str(train_step) == text
    train_step(tf.constant(1.0))
    assert repr(train_step) == text         # tracing changes nothing
