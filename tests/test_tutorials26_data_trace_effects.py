"""What runs when, in a tf.data map function (guide/data): TensorFlow traces it once (numpy's global
random draws there become constants, a Python print shows once) and runs the graph per element
(tf.print, and the Python inside tf.py_function / tf.numpy_function, every time). Reading
``element_spec`` only traces. Values: TF 2.21 (notes progs/tutorials26/pyfunc_rand*.py, data_guide3.py)."""
import numpy as np
import pytest

import framework as tf


@pytest.fixture
def numpy_seeded():
    before = np.random.get_state()
    np.random.seed(1)
    yield
    np.random.set_state(before)


def _draw(x):
    return x + np.float32(np.random.uniform(-30, 30))


def test_py_functions_draw_anew_at_every_run_of_the_graph(numpy_seeded):
    # a dataset's map, then a tf.function, from np.random.seed(1), in this order
    def mixed(x):
        c = np.float32(np.random.uniform())          # drawn once, at the trace: a constant of the graph
        [y] = tf.py_function(_draw, [x], [tf.float32])
        return y * 0 + c, y
    ds = tf.data.Dataset.from_tensor_slices(np.zeros(3, np.float32)).map(mixed)
    assert [tuple(float(t) for t in v) for v in ds] == [
        (0.4170219898223877, 13.219470024108887), (0.4170219898223877, -29.99313735961914),
        (0.4170219898223877, -11.860045433044434)]

    def mixed(x):
        c = np.float32(np.random.uniform())
        [y] = tf.py_function(_draw, [x], [tf.float32])
        z = tf.numpy_function(lambda v: v + np.float32(np.random.uniform()), [x], tf.float32)
        return c, y, z
    mixed = tf.function(mixed)
    seen = [[float(t) for t in mixed(tf.constant(0.0))] for _ in range(3)]
    assert seen == [[0.1467558890581131, -24.459684371948242, 0.18626020848751068],
                    [0.1467558890581131, -9.266356468200684, 0.3967674672603607],
                    [0.1467558890581131, 2.3290040493011475, 0.4191945195198059]]
    assert np.random.uniform() == 0.6852195003967595


def test_reading_the_spec_traces_without_running_tf_print(capfd):
    ds = tf.data.Dataset.from_tensor_slices((np.zeros((2, 3), np.float32), np.array([0, 1])))

    def noisy(image, label):
        print('Tracing with', image, label)
        tf.print('label', label)
        return image + 0, label
    spec = ds.map(noisy).element_spec
    assert str(spec) == ("(TensorSpec(shape=(3,), dtype=tf.float32, name=None), "
                         "TensorSpec(shape=(), dtype=tf.int64, name=None))")
    out, err = capfd.readouterr()
    assert out == ('Tracing with Tensor("args_0:0", shape=(3,), dtype=float32) '
                   'Tensor("args_1:0", shape=(), dtype=int64)\n')
    assert err == ''
    mapped = ds.map(noisy)
    for _ in mapped:
        pass
    out, err = capfd.readouterr()
    assert err == 'label 0\nlabel 1\n' and out.count('Tracing with') == 1
