"""keras.Function and keras.Operation (framework/keras/function.py, operation.py), against Keras 3.15.1's
behaviour (/work/notes/progs/missing/tf_function.py run with /opt/tfref: same values, shapes and messages)."""
import numpy as np
import pytest

from framework import keras


def _add_sigmoid():
    a, b = keras.KerasTensor(shape=(None, 2, 3)), keras.KerasTensor(shape=(None, 2, 3))
    return a, b, keras.ops.sigmoid(a + b)


def test_function_replays_ops_on_values_as_keras():
    a, b, out = _add_sigmoid()
    fn = keras.Function(inputs=[a, b], outputs=out, name='f')
    assert fn.name == 'f' and fn.inputs == [a, b] and fn.outputs == [out] and len(fn.operations) == 2
    x = np.arange(6, dtype='float32').reshape(1, 2, 3) / 10
    # Keras 3.15.1 (TF backend): sigmoid(2x)
    np.testing.assert_allclose(fn([x, x]).numpy(), [[[0.5, 0.549834, 0.5986877], [0.64565635, 0.6899745, 0.7310586]]],
                               rtol=1e-6)


def test_function_shapes_for_other_inputs():
    a, b, out = _add_sigmoid()
    fn = keras.Function([a, b], out)
    spec = fn.compute_output_spec([keras.KerasTensor((5, 2, 3)), keras.KerasTensor((5, 2, 3))])
    assert spec.shape == (5, 2, 3) and spec.dtype == 'float32'
    assert fn.compute_output_shape([(5, 2, 3), (5, 2, 3)]) == (5, 2, 3)


def test_function_over_layers_keeps_the_output_structure():
    keras.backend.clear_session()
    x = keras.Input((3,))
    y = keras.layers.Dense(2, kernel_initializer='ones')(x)
    fn = keras.Function(x, {'y': y, 'z': [y * 2]})
    out = fn(np.ones((1, 3), 'float32'))
    assert sorted(out) == ['y', 'z']
    np.testing.assert_array_equal(out['y'].numpy(), [[3., 3.]])
    np.testing.assert_array_equal(out['z'][0].numpy(), [[6., 6.]])


@pytest.mark.parametrize('make, message', [
    (lambda a, b, out: keras.Function([], out), '`inputs` argument cannot be empty'),
    (lambda a, b, out: keras.Function([a], []), '`outputs` argument cannot be empty'),
    (lambda a, b, out: keras.Function([a], out), 'Graph disconnected: cannot find parent for tensor'),
    (lambda a, b, out: keras.Function([a, b], [out, 3]), 'every one of outputs must be a KerasTensor'),
])
def test_bad_graphs_raise_as_keras(make, message):
    with pytest.raises(ValueError, match=message):
        make(*_add_sigmoid())


@pytest.mark.parametrize('inputs, message', [
    (lambda x: x, 'Function was called with an invalid input structure'),
    (lambda x: [x, x[0]], "For input 'keras_tensor.*', expected shape \\(None, 2, 3\\), but received instead a "
                          "tensor with shape \\(2, 3\\)"),
    (lambda x: [x, np.ones((1, 2, 4), 'float32')], 'incompatible inputs.*shape \\(1, 2, 4\\)'),
])
def test_bad_calls_raise_as_keras(inputs, message):
    a, b, out = _add_sigmoid()
    fn = keras.Function([a, b], out)
    with pytest.raises(ValueError, match=message):
        fn(inputs(np.zeros((1, 2, 3), 'float32')))


class Plus1(keras.Operation):
    def call(self, x):
        return x + 1

    def compute_output_spec(self, x):
        return keras.KerasTensor(x.shape, x.dtype)


class Double(keras.Operation):      # no compute_output_spec: found by running call
    def call(self, x):
        return keras.ops.concatenate([x, x], axis=-1)


def test_operation_runs_on_values_and_records_on_keras_tensors():
    keras.backend.clear_session()
    op = Plus1()
    assert op.name == 'plus1' and op.get_config() == {'name': 'plus1'}
    np.testing.assert_array_equal(op(np.array([1., 2.])), [2., 3.])
    a = keras.KerasTensor((None, 2, 3))
    fn = keras.Function(a, op(op(a)))
    assert [o.name for o in fn.operations] == ['plus1']
    np.testing.assert_allclose(fn(np.zeros((1, 2, 3), 'float32')), np.full((1, 2, 3), 2.0))


def test_operation_without_output_spec_finds_shapes_by_running_call():
    out = Double()(keras.KerasTensor((None, 4)))
    assert out.shape == (None, 8)


def test_operation_in_a_functional_model():
    x = keras.Input((2,))
    model = keras.Model(x, Plus1()(keras.layers.Dense(2, kernel_initializer='zeros')(x)))
    np.testing.assert_array_equal(model.predict(np.ones((3, 2), 'float32'), verbose=0), np.ones((3, 2)))


def test_operation_errors():
    with pytest.raises(ValueError, match='cannot contain character `/`'):
        Plus1(name='a/b')
    with pytest.raises(NotImplementedError, match='must implement call'):
        keras.Operation()(np.ones(2))


def test_layers_and_recorded_ops_are_keras_operations_as_in_keras():
    # Keras 3.15.1: Layer and the keras.ops records (Add, ...) derive from keras.Operation
    assert isinstance(keras.layers.Dense(2), keras.Operation) and issubclass(keras.layers.Dense, keras.Operation)
    assert isinstance((keras.KerasTensor((None, 2)) + 1)._keras_history[0], keras.Operation)
    assert not isinstance(3, keras.Operation)
