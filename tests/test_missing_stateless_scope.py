"""keras.StatelessScope (framework/keras/stateless_scope.py), against Keras 3.15.1 on TF 2.21
(/work/notes/progs/missing/tf_stateless.py run with /opt/tfref: the same values inside, outside and collected)."""
import numpy as np
import pytest

from framework import keras


def test_mapped_values_inside_and_writes_kept_by_the_scope():
    v = keras.Variable(np.ones((2,)), name='v')
    w = keras.Variable(np.zeros((2,)), name='w')
    u = keras.Variable(3.0)
    with keras.StatelessScope([(v, np.array([5., 6.]))]) as scope:
        np.testing.assert_array_equal(np.asarray(v.value), [5., 6.])
        np.testing.assert_array_equal(np.asarray(v + 1), [6., 7.])
        v.assign_add(np.array([1., 1.]))
        w.assign(np.array([7., 8.]))
        np.testing.assert_array_equal(np.asarray(w.value), [7., 8.])
        np.testing.assert_array_equal(np.asarray(scope.get_current_value(w)), [7., 8.])
    np.testing.assert_array_equal(v.numpy(), [1., 1.])
    np.testing.assert_array_equal(w.numpy(), [0., 0.])
    np.testing.assert_array_equal(np.asarray(scope.get_current_value(v)), [6., 7.])
    np.testing.assert_array_equal(np.asarray(scope.get_current_value(w)), [7., 8.])
    assert scope.get_current_value(u) is None


def test_a_model_runs_on_the_mapped_weights():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones')])
    mapping = [(k, np.full(k.shape, 2.0, 'float32')) for k in model.weights]
    with keras.StatelessScope(mapping):
        np.testing.assert_array_equal(np.asarray(model(np.ones((1, 3), 'float32'))), [[8., 8.]])
    np.testing.assert_array_equal(np.asarray(model(np.ones((1, 3), 'float32'))), [[3., 3.]])


def test_nested_scopes_each_keep_their_writes():
    v = keras.Variable(np.zeros(2))
    with keras.StatelessScope() as outer:
        v.assign([1., 1.])
        with keras.StatelessScope() as inner:
            v.assign_add([1., 1.])
        np.testing.assert_array_equal(v.numpy(), [1., 1.])
    np.testing.assert_array_equal(v.numpy(), [0., 0.])
    np.testing.assert_array_equal(np.asarray(inner.get_current_value(v)), [2., 2.])
    np.testing.assert_array_equal(np.asarray(outer.get_current_value(v)), [1., 1.])


def test_add_update_and_losses():
    v = keras.Variable(np.zeros(2))
    with keras.StatelessScope(collect_losses=True) as scope:
        scope.add_update((v, np.array([4., 5.])))
        scope.add_loss(1.5)
        np.testing.assert_array_equal(v.numpy(), [4., 5.])
    np.testing.assert_array_equal(v.numpy(), [0., 0.])
    np.testing.assert_array_equal(np.asarray(scope.get_current_value(v)), [4., 5.])
    assert scope.losses == [1.5]


def test_bad_mappings_raise_keras_errors():
    v = keras.Variable(np.ones(2))
    with pytest.raises(ValueError, match='all keys in argument `mapping` must be Variable instances'):
        keras.StatelessScope([(np.ones(2), np.ones(2))])
    with pytest.raises(ValueError, match='must be tensors with a shape that matches.*with shape \\(3,\\)'):
        keras.StatelessScope([(v, np.ones(3))])


def test_entries_that_are_not_pairs_or_tensors_name_the_scope():
    v = keras.Variable(np.ones(2))
    with pytest.raises(ValueError, match='StatelessScope: state_mapping must be a list of \\(variable, value\\) pairs'):
        keras.StatelessScope('abc')
    with pytest.raises(TypeError, match='StatelessScope: state_mapping must be a list'):
        keras.StatelessScope(3.0)
    with pytest.raises(TypeError, match="StatelessScope: the value for variable '.*' cannot be a tensor of its dtype"):
        keras.StatelessScope([(v, 'abc')])


def test_an_optimizer_step_in_the_scope_leaves_the_iteration_count():
    # Keras 3.15.1 on TF: opt.iterations stays 0 after apply_gradients inside a StatelessScope (its assign_add
    # goes to the scope). Its TF backend writes the weights in place; tapeflow keeps those in the scope too.
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones')])
    opt = keras.optimizers.SGD(0.1)
    opt.build(model.trainable_variables)
    with keras.StatelessScope() as scope:
        opt.apply_gradients(zip([np.ones((3, 2), 'float32'), np.ones((2,), 'float32')], model.trainable_variables))
    assert int(opt.iterations.numpy()) == 0 and int(np.asarray(scope.get_current_value(opt.iterations))) == 1
    np.testing.assert_allclose(np.asarray(scope.get_current_value(model.weights[0])), np.full((3, 2), 0.9))
