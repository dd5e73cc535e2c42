"""Ftrl, Lamb and Adafactor on IndexedSlices gradients (an Embedding's), pinned by Keras 3.15.

Golden values: tests/data/make_sparse_optimizer_goldens.py run with /opt/tfref (keras 3.15,
TensorFlow 2.21), on helpers_sparse_optimizers.py's model and batch, three steps of
``tape.gradient`` + ``apply_gradients``; the weights after the last step (embeddings, kernel,
bias), 8 significant digits. Keras squares each row of the IndexedSlices before a repeated
token's rows are summed (Ftrl's accumulator, Lamb's v, Adafactor's row/column means and
rms(u)); the same gradients made dense land 0.016 to 0.11 away (Keras's own gap, checked below).
fit(batch_size=3) reached the same weights to 4e-8 in Keras.
"""
import numpy as np
import pytest

import optim
from helpers_sparse_optimizers import train_custom_loop, train_fit

OPTIMIZERS = {
    'ftrl': lambda: optim.Ftrl(0.1),
    'ftrl_regularized': lambda: optim.Ftrl(
        0.1, learning_rate_power=-0.7, initial_accumulator_value=0.2, l1_regularization_strength=0.01,
        l2_regularization_strength=0.02, l2_shrinkage_regularization_strength=0.03, beta=0.1),
    'lamb': lambda: optim.Lamb(0.1),
    'adafactor': lambda: optim.Adafactor(0.1),
    'adafactor_absolute': lambda: optim.Adafactor(0.05, relative_step=False, clip_threshold=0.5),
}

GOLDEN = {
    'ftrl': [
        -0.33833402, -0.11816577, 0.019573195, -0.15033495, 0.13873951, 0.12494764, 0.2223186, -0.12487829,
        -0.0074621802, 0, 0, 0, 0, 0, 0, -0.039266933,
        -0.21809268, -0.021847246, 0, 0, 0, 0.020997461, 0.0037581101, -0.08184398,
        0, 0, 0, 0.19526826, -0.055164006, -0.22535792, -0.43935627, -0.014642005,
        0.044639334, 0.13422751, 0.03142643, -0.18137857, -0.056532759, -0.074790999, 0.077702485, 0.071039148,
        -0.24713841, -0.10871173, 0.25186858,
    ],
    'ftrl_regularized': [
        -0.27116057, -0.080629043, 0.0082644038, -0.11480603, 0.094197854, 0.076711833, 0.16488551, -0.081742905,
        0, 0, 0, 0, -0.00045414455, -0.0018165787, 0.0018165787, -0.035991408,
        -0.16942178, -0.01491141, 0, -0.00045414455, -0.0018165787, 0.020471431, 0.0022596158, -0.049396537,
        0, 0, -0.00045414455, 0.12777585, -0.042899128, -0.17448035, -0.34749502, -0.0028975215,
        0.023401689, 0.086022481, 0, -0.11893768, -0.034755204, -0.050388198, 0.043453362, 0.02633143,
        -0.16793574, -0.061627924, 0.22287029,
    ],
    'lamb': [
        -0.39083481, -0.29005125, -0.051706299, -0.12798616, 0.17628285, 0.31560051, 0.35199696, -0.3127661,
        -0.14572775, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.15011962,
        -0.20353013, -0.012589702, 0.1, 0.2, 0.30000001, -0.20896614, -0.24851879, -0.19103372,
        0, 0.1, 0.2, 0.39100289, -0.2099935, -0.29083487, -0.61778158, -0.27402094,
        0.11493091, 0.36700264, 0.38814628, -0.61792618, -0.36725873, 0.078961886, 0.36746177, 0.38672626,
        -0.6179682, -0.36798033, 0.1331,
    ],
    'adafactor': [
        -0.3889544, -0.24310249, -0.093166992, -0.085771553, 0.16181074, 0.2572366, 0.33265829, -0.30867574,
        -0.15806521, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.17061104,
        -0.1713125, -0.0070848083, 0.1, 0.2, 0.30000001, -0.22794347, -0.20801325, -0.18975508,
        0, 0.1, 0.2, 0.33578846, -0.23718414, -0.28397578, -0.61311007, -0.31059405,
        0.096993312, 0.35350284, 0.40807557, -0.61506587, -0.36005014, 0.0542682, 0.36268413, 0.40290257,
        -0.61668241, -0.36549598, 0.1296435,
    ],
    'adafactor_absolute': [
        -0.32822794, -0.21444403, -0.099364609, -0.0306114, 0.11752168, 0.21806961, 0.31103504, -0.3020601,
        -0.18741304, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.18747766,
        -0.1238427, -0.0027231011, 0.1, 0.2, 0.30000001, -0.27756497, -0.20080496, -0.12868039,
        0, 0.1, 0.2, 0.31074372, -0.27842304, -0.22699828, -0.527758, -0.25830984,
        0.026793662, 0.27720612, 0.47345009, -0.52801615, -0.27806064, 0.024830163, 0.27778849, 0.47333431,
        -0.52812147, -0.27791345, 0.10768906,
    ],
}


@pytest.mark.parametrize('name', sorted(OPTIMIZERS))
def test_custom_loop_matches_keras(name):
    np.testing.assert_allclose(train_custom_loop(OPTIMIZERS[name]()), GOLDEN[name], rtol=0, atol=1e-6)


@pytest.mark.parametrize('name', ['ftrl_regularized', 'lamb', 'adafactor'])
def test_fit_matches_keras(name):
    np.testing.assert_allclose(train_fit(OPTIMIZERS[name]()), GOLDEN[name], rtol=0, atol=1e-6)


@pytest.mark.parametrize('name', sorted(OPTIMIZERS))
def test_dense_gradients_take_the_dense_path(name):
    """Made dense, the same gradients follow the dense formula, as far from the golden as in Keras (>= 0.016)."""
    gap = np.abs(train_custom_loop(OPTIMIZERS[name](), densify=True) - GOLDEN[name]).max()
    assert gap > 1e-2
