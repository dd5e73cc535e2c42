"""A custom optimizer written against Keras 3's API (add_variable_from_reference, add_variable,
_get_variable_index, assign / assign_add / assign_sub) runs unchanged: tapeflow had none of these
methods (AttributeError). Golden bits: TF 2.21 + Keras 3.15.1, /work/notes/progs/optim12/custom.py
(4 GradientTape steps eager and in a tf.function; compile/fit 3 epochs, .keras round trip)."""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import ops


class MomentumSign(keras.optimizers.Optimizer):
    def __init__(self, learning_rate=0.01, beta=0.9, name='momentum_sign', **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta = beta

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self.ms = [self.add_variable_from_reference(v, 'm') for v in var_list]
        self.count = self.add_variable((), initializer='zeros', dtype='float32', name='count')
        self.ones = [self.add_variable_from_reference(v, 'one', initializer='ones') for v in var_list]

    def update_step(self, gradient, variable, learning_rate):
        lr = ops.cast(learning_rate, variable.dtype)
        m = self.ms[self._get_variable_index(variable)]
        one = self.ones[self._get_variable_index(variable)]
        self.assign(m, ops.add(ops.multiply(m, self.beta), gradient))
        self.assign_sub(variable, ops.multiply(lr, ops.sign(m)))
        self.assign_add(one, ops.multiply(gradient, 0.5))
        self.assign_add(self.count, 1.0)

    def get_config(self):
        config = super().get_config()
        config['beta'] = self.beta
        return config


def _bits(x):
    return np.asarray(x).tobytes().hex()


def _model():
    keras.backend.clear_session()
    keras.utils.set_random_seed(3)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')])


X = np.arange(12, dtype='float32').reshape(4, 3) / 10
Y = np.ones((4, 2), 'float32')


@pytest.mark.parametrize('traced', [False, True])
def test_custom_state_and_assignments_step_as_keras(traced, cpu_kind):
    model, optimizer = _model(), MomentumSign(0.1)

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(tf.constant(X)) - tf.constant(Y)))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))

    step = tf.function(step) if traced else step
    for _ in range(4):
        step()
    tf.random.set_seed(None)
    assert [_bits(w) for w in model.get_weights()] == ['cd1ecfbee01929bff35d993e2732febe3d41f63e93a49c3d',
                                                        'cdcccc3ecdcccc3e']
    variables = [
        ('momentum_sign/iteration', (), '0400000000000000'), ('momentum_sign/learning_rate', (), 'cdcccc3d'),
        ('momentum_sign/sequential_d_kernel_m', (3, 2), '61ac3f3e098259c0049b0a3ec6fc7fc04f13ab3dc23b93c0'),
        ('momentum_sign/sequential_d_bias_m', (2,), '6aab04bfb265c0c0'), ('momentum_sign/count', (), '00000041'),
        ('momentum_sign/sequential_d_kernel_one', (3, 2), '1d0d903fcf2182bf71698c3f7fc7afbfc6c5883f306dddbf'),
        ('momentum_sign/sequential_d_bias_one', (2,), '9e36373f703c24c0')]
    if cpu_kind == 'avx2':      # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order)
        variables[2] = variables[2][:2] + ('61ac3f3e098259c0049b0a3ec6fc7fc04e13ab3dc23b93c0',)
        variables[5] = variables[5][:2] + ('1d0d903fcf2182bf71698c3f7fc7afbfc6c5883f2f6dddbf',)
    assert [(v.path, tuple(v.shape), _bits(v.numpy())) for v in optimizer.variables] == variables


def test_custom_optimizer_fits_and_round_trips_a_keras_file(tmp_path, cpu_kind):
    model = _model()
    model.compile(optimizer=MomentumSign(0.05), loss='mse')
    history = model.fit(X, Y, epochs=3, verbose=0)
    tf.random.set_seed(None)
    state = ['0300000000000000', 'cdcc4c3d', 'd858ab3e957d48c01853a03e02da6bc0584d953e379b87c0', 'fc725cbe1eceb0c0',
             '0000c040', '6922983f39f33dbf25a7963f684c86bfe22b953f349fadbf', 'ba5e623ff79d04c0']
    if cpu_kind == 'avx2':      # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order)
        state[3] = 'fa725cbe1eceb0c0'
        state[5] = '6922983f3af33dbf26a7963f684c86bfe22b953f349fadbf'
    assert [_bits(np.float32(v)) for v in history.history['loss']] == ['57e33340', '02151e40', '91ca0940']
    assert [_bits(v.numpy()) for v in model.optimizer.variables] == state
    path = os.path.join(tmp_path, 'm.keras')
    model.save(path)
    loaded = keras.models.load_model(path, custom_objects={'MomentumSign': MomentumSign})
    assert type(loaded.optimizer) is MomentumSign and loaded.optimizer.beta == 0.9
    assert [_bits(v.numpy()) for v in loaded.optimizer.variables] == state


def test_an_unknown_variable_has_no_index():
    optimizer = MomentumSign(0.1)
    optimizer.build([keras.Variable(np.zeros(2, 'float32'), name='a')])
    with pytest.raises(KeyError, match='not built on variable'):
        optimizer._get_variable_index(keras.Variable(np.zeros(2, 'float32'), name='b'))


def test_stateless_apply_is_refused_as_on_the_tensorflow_backend():
    optimizer = keras.optimizers.Adam(0.1)
    a = keras.Variable(np.zeros(2, 'float32'), name='a')
    optimizer.build([a])
    with pytest.raises(ValueError) as info:
        optimizer.stateless_apply([v.value for v in optimizer.variables], [tf.constant([0.1, 0.2])], [a.value])
    assert str(info.value) == ('stateless_apply is not supported with the TensorFlow backend (as it is '
                               'incompatible with tf.distribute).')
