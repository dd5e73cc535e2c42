"""guide/function ("Depending on Python objects" and "Using with multiple Keras optimizers") on TF 2.21
(/work/notes/progs/tutorials12/p02_function.py, outputs printed by /opt/tfref/bin/python):
- ``tf.function(evaluate).get_concrete_function(new_model, x)`` called as ``(x)``: the structured
  binding fails (x lands on ``model``), TF falls back to the graph's flat tensor inputs and runs with
  the traced model: tf.Tensor(20.0) (tapeflow raised the binding TypeError);
- a traced Python object is not filled in for a missing argument (a literal is, as square(10.0) with
  b=2): ``train_step_1(w, x, y)`` raises "Binding inputs to tf.function failed due to `missing a
  required argument: 'optimizer'`" and, since w is a variable, "Fallback to flat signature also failed
  due to: provided list of inputs contains objects other than 'EagerTensor'. Item 0 is type:
  ResourceVariable" (tapeflow ran the step). Other values: probe_flat.py in the same folder."""
import pytest

import framework as tf


class SimpleModel(tf.Module):
    def __init__(self):
        self.bias = 0.
        self.weight = 2.


def evaluate(model, x):
    return model.weight * x + model.bias


def test_a_concrete_function_runs_on_its_flat_tensor_inputs():
    model = SimpleModel()
    x = tf.constant(10.)
    concrete = tf.function(evaluate).get_concrete_function(model, x)
    assert float(concrete(x)) == 20.0
    assert float(concrete(model, x)) == 20.0        # the structured call still works
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected to be a float tensor but is a int32'):
        concrete(tf.constant(1))


def test_a_literal_is_filled_in_but_a_traced_object_is_not():
    @tf.function
    def power(a, b):
        return a ** b

    square = power.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
    assert float(square(tf.constant(10.0))) == 100.0

    opt = tf.keras.optimizers.Adam(learning_rate=1e-2)

    def train_step(w, x, y, optimizer):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(w * x - y))
        optimizer.apply_gradients(zip(tape.gradient(loss, [w]), [w]))

    w = tf.Variable(2.)
    x, y = tf.constant([-1.]), tf.constant([2.])
    step = tf.function(train_step).get_concrete_function(w, x, y, opt)
    with pytest.raises(TypeError) as caught:
        step(w, x, y)
    text = str(caught.value)
    assert text.startswith("Binding inputs to tf.function failed due to `missing a required argument: 'optimizer'`")
    assert text.endswith("\nFallback to flat signature also failed due to: provided list of inputs contains "
                         "objects other than 'EagerTensor'. Item 0 is type: ResourceVariable")
    step(w, x, y, opt)          # all four given: runs
    assert int(opt.iterations.numpy()) == 1 and abs(float(w.numpy()) - 1.99) < 1e-6     # TF: 1 1.9900001
