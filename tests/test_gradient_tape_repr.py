"""print(tape) names TensorFlow's class path, as TF 2.21 prints it:
<tensorflow.python.eager.backprop.GradientTape object at 0x7fa441c12b50>."""
import re

import framework as tf


def test_gradient_tape_prints_tensorflows_class_path():
    with tf.GradientTape() as tape:
        text = repr(tape)
    assert re.fullmatch(r'<tensorflow\.python\.eager\.backprop\.GradientTape object at 0x[0-9a-f]+>', text)
    assert str(tape) == text
