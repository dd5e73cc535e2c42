"""A tf.function's replays see the attributes of its object arguments as the trace did (TF's graph).

Goldens printed by TF 2.21 (/work/notes/progs/lead40/attrs.py: the tf.function guide's SimpleModel and
counter Model, and variations).
"""
import framework as tf


class SimpleModel(tf.Module):
    def __init__(self):
        self.bias = 0.
        self.weight = 2.


def test_a_python_number_attribute_changed_after_the_trace_is_not_seen():
    @tf.function
    def evaluate(model, x):
        return model.weight * x + model.bias

    model = SimpleModel()
    x = tf.constant(10.)
    assert float(evaluate(model, x)) == 20.0
    model.bias += 5.0
    assert float(evaluate(model, x)) == 20.0          # the guide: "Didn't change :("
    assert model.bias == 5.0
    fresh = SimpleModel()
    fresh.bias += 5.0
    assert float(evaluate(fresh, x)) == 25.0          # another object: another trace


class Counter(tf.Module):
    def __init__(self):
        self.v = tf.Variable(0)
        self.counter = 0

    @tf.function
    def __call__(self):
        if self.counter == 0:
            self.counter += 1
            self.v.assign_add(1)
        return self.v


def test_a_guarded_assign_add_runs_on_every_call_as_the_graph_does():
    model = Counter()
    assert [int(model()) for _ in range(3)] == [1, 2, 3]
    assert model.counter == 1


class Plain:
    def __init__(self):
        self.calls = 0
        self.scale = 3.0
        self.log = []

    @tf.function
    def f(self, x):
        self.calls += 1
        self.log.append(self.calls)
        return x * self.scale * self.calls


def test_a_plain_class_method_counts_and_appends_once():
    p = Plain()
    assert [float(p.f(tf.constant(1.0))) for _ in range(2)] == [3.0, 3.0]
    p.scale = 10.0
    assert float(p.f(tf.constant(1.0))) == 3.0
    assert (p.calls, len(p.log), p.scale) == (1, 1, 10.0)


class Lazy(tf.Module):
    def __init__(self):
        self.w = None

    @tf.function
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(2.0)
        self.w.assign_add(1.0)
        return self.w * x


def test_a_variable_made_on_the_first_call_is_kept():
    lazy = Lazy()
    assert [float(lazy(tf.constant(1.0))) for _ in range(3)] == [3.0, 4.0, 5.0]


def test_an_attribute_written_by_the_function_keeps_the_traces_value():
    class Box:
        pass

    @tf.function
    def bump(box, x):
        box.total = box.total + 1
        return x + box.total

    box = Box()
    box.total = 0
    assert [int(bump(box, tf.constant(1))) for _ in range(2)] == [2, 2]
    assert box.total == 1


def test_keras_layers_keep_their_live_state():
    from framework import keras
    dense = keras.layers.Dense(2, kernel_initializer='ones')

    @tf.function
    def run(layer, x):
        return layer(x)

    assert run(dense, tf.ones((1, 3))).numpy().tolist() == [[3.0, 3.0]]
    dense.trainable = False
    assert run(dense, tf.ones((1, 3))).numpy().tolist() == [[3.0, 3.0]]
    assert dense.built and not dense.trainable
