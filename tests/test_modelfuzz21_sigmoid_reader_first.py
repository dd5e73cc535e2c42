"""A Keras sigmoid output scored by binary cross-entropy from its logits and read again (a penalty on the
predictions in compute_loss): in a traced step its SigmoidGrad joins the logits' AddN where grappler's
name sort puts it, first for a model whose graph name sorts before 'compile_loss' (framework/ops/
sigmoid_reader_first.py). Goldens printed by TF 2.21 + Keras 3 on this session's AMD EPYC (AVX2) for the
same program (/work/notes/progs/modelfuzz21/gold1.py); tapeflow before the change gave the model named 'cl'
the weights of the one named 'zz' (2 kernel values, 2 bias values an ulp off TF).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops.sigmoid_reader_first import OpenSum, open_sum


class Penalized(keras.Model):
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        return super().compute_loss(x, y, y_pred, sample_weight, training) + 0.05 * tf.reduce_mean(tf.square(y_pred))


def _fit(name, cls):
    rng = np.random.RandomState(7)
    x = rng.normal(size=(16, 6)).astype('float32')
    y = (rng.uniform(size=(16, 1)) > 0.5).astype('float32')
    keras.utils.set_random_seed(1)
    inputs = keras.Input((6,))
    hidden = keras.layers.Dense(4, name='trunk')(inputs)
    model = cls(inputs, keras.layers.Dense(1, activation='sigmoid', name='head')(hidden), name=name)
    model.compile(keras.optimizers.SGD(0.1), 'binary_crossentropy')
    history = model.fit(x, y, epochs=2, batch_size=8, verbose=0, shuffle=False)
    return history.history['loss'], [np.asarray(w).ravel() for w in model.get_weights()]


# TF 2.21 gives these losses and weights (float32 bits: trunk kernel, trunk bias, head kernel, head bias)
GOLDEN = {
    ('cl', 'Penalized'): ([0.6650153398513794, 0.6498069167137146],
                [[3200177722, 1057981710, 1060019066, 3195526235, 3208033634, 3206418451, 1038097530, 3208542315, 1055682157, 3199122677, 1048001550, 3205764450, 1044416064, 3194992412, 1029449386, 3206894003, 3197763589, 1009963148, 1060625940, 3200202433, 3205664301, 3192637180, 1046532938, 1059478612], [1001830287, 3151594605, 1017200853, 995303271], [1041696468, 3196473300, 1060337668, 1036269361], [1021971880]]),
    ('zz', 'Penalized'): ([0.6650153398513794, 0.6498069167137146],
                [[3200177722, 1057981710, 1060019066, 3195526235, 3208033634, 3206418451, 1038097530, 3208542315, 1055682157, 3199122677, 1048001550, 3205764450, 1044416064, 3194992413, 1029449386, 3206894003, 3197763589, 1009963150, 1060625940, 3200202433, 3205664301, 3192637180, 1046532938, 1059478612], [1001830287, 3151594604, 1017200853, 995303272], [1041696468, 3196473300, 1060337668, 1036269361], [1021971880]]),
    ('cl', 'Model'): ([0.6495394706726074, 0.6342818140983582],
                [[3200176841, 1057981091, 1060021031, 3195524238, 3208041538, 3206408123, 1037874206, 3208545473, 1055692652, 3199135569, 1048072150, 3205762565, 1044410953, 3194986129, 1029349614, 3206896321, 3197755505, 1009680970, 1060639402, 3200197997, 3205659603, 3192656293, 1046598806, 1059482530], [1003894490, 3153944626, 1018969058, 997633783], [1041777612, 3196442504, 1060361974, 1036503552], [1023966311]]),
}


@pytest.mark.parametrize('name, cls', list(GOLDEN), ids=['cl_penalized', 'zz_penalized', 'cl_plain'])
def test_fit_adds_the_sigmoid_gradient_where_tf_sorts_it(name, cls, same_as_tf):
    loss, weights = _fit(name, {'Penalized': Penalized, 'Model': keras.Model}[cls])
    expected_loss, expected_bits = GOLDEN[name, cls]
    same_as_tf(loss, expected_loss, measured_on='avx2')
    expected = [np.array(bits, np.uint32).view(np.float32).tolist() for bits in expected_bits]
    for actual, want in zip(weights, expected):
        same_as_tf(actual.tolist(), want, measured_on='avx2')


def test_the_model_name_decides_the_order(same_as_tf):
    # TF 2.21: the two names train to different weights (SigmoidGrad first for 'cl', last for 'zz')
    assert GOLDEN['cl', 'Penalized'][1] != GOLDEN['zz', 'Penalized'][1]
    first, last = _fit('cl', Penalized)[1], _fit('zz', Penalized)[1]
    assert any(a.tolist() != b.tolist() for a, b in zip(first, last))


def test_open_sum_puts_the_other_gradient_first():
    terms = [np.float32([1.0]), np.float32([1e8]), np.float32([-1e8]), np.float32([0.0])]
    total = open_sum(terms)
    assert type(total) is OpenSum and total.tolist() == [0.0]      # ((1 + 1e8) - 1e8) + 0: the 1 is lost
    other = np.float32([1.0])
    assert (total.view(np.ndarray) + other).tolist() == [1.0]      # added last
    joined = other + total                                          # added first: (((1 + 1) + 1e8) - 1e8) + 0
    assert type(joined) is np.ndarray and joined.tolist() == [0.0]
    assert type(total + other) is np.ndarray and (total + other).tolist() == [0.0]


def test_open_sum_reads_as_its_plain_sum_elsewhere():
    total = open_sum([np.float32([[1.0, 2.0]]), np.float32([[3.0, 4.0]])])
    product = total @ np.float32([[1.0], [1.0]])
    assert type(product) is np.ndarray and product.tolist() == [[10.0]]
    assert type(total.sum(axis=0)) is np.ndarray
    assert type(total * 2) is np.ndarray and (total * 2).tolist() == [[8.0, 12.0]]
    assert (total + np.float32([[1.0, 1.0], [1.0, 1.0]])).tolist() == [[5.0, 7.0], [5.0, 7.0]]     # not its shape


class Stepped(keras.Model):
    """A custom train_step scoring the sigmoid output with keras.losses' or keras.ops' binary_crossentropy (no
    'compile_loss' scope: the loss's ops are 'logistic_loss/...', after this model's name 'aa')."""
    kind = 'losses'

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            p = self(x, training=True)
            bce = keras.losses.binary_crossentropy if self.kind == 'losses' else keras.ops.binary_crossentropy
            loss = tf.reduce_mean(bce(y, p)) + 0.05 * tf.reduce_mean(tf.square(p))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {'loss': loss}


@pytest.mark.parametrize('kind', ['losses', 'ops'])
def test_custom_train_step_adds_the_sigmoid_gradient_first(kind, same_as_tf):
    rng = np.random.RandomState(7)
    x = rng.normal(size=(16, 6)).astype('float32')
    y = (rng.uniform(size=(16, 1)) > 0.5).astype('float32')
    keras.utils.set_random_seed(1)
    inputs = keras.Input((6,))
    hidden = keras.layers.Dense(4, name='trunk')(inputs)
    model = Stepped(inputs, keras.layers.Dense(1, activation='sigmoid', name='head')(hidden), name='aa')
    model.kind = kind
    model.compile(keras.optimizers.SGD(0.1))
    model.fit(x, y, epochs=2, batch_size=8, verbose=0, shuffle=False)
    # TF 2.21 gives the compiled 'cl' model's weights bit for bit (progs/modelfuzz21/gold2.py)
    for actual, bits in zip(model.get_weights(), GOLDEN['cl', 'Penalized'][1]):
        same_as_tf(np.asarray(actual).ravel().tolist(), np.array(bits, np.uint32).view(np.float32).tolist(),
                   measured_on='avx2')
