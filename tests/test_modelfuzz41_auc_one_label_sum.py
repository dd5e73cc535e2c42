"""AUC(multi_label=True) with one label sums its 199 Riemann terms as TF 2.21 does.

TF drops the size-1 label axis before reducing, so the column is summed as a whole tensor (Eigen's
packet order), not one threshold after another. Values printed by TF 2.21 / Keras 3.15
(progs/modelfuzz2/t_auc1.py); the one-by-one sum was an ulp off for seeds 1, 2 and 3.
"""
import numpy as np
import pytest

from framework import keras

# seed: (ROC AUC, PR AUC) from TF 2.21
TF_AUCS = {
    0: (0.34615379571914673, 0.5937698483467102),
    1: (0.3914141356945038, 0.3733365833759308),
    2: (0.4773333668708801, 0.426042765378952),
    3: (0.6416040062904358, 0.5547809600830078),
    4: (0.5025575160980225, 0.5392464995384216),
    5: (0.508838415145874, 0.4845165014266968),
}


@pytest.mark.parametrize('seed', sorted(TF_AUCS))
def test_one_label_multi_label_auc_matches_tf_bits(seed):
    rng = np.random.RandomState(seed)
    y = (rng.rand(40, 1) > 0.5).astype('float32')
    p = rng.rand(40, 1).astype('float32')
    roc = keras.metrics.AUC(multi_label=True)
    roc.update_state(y, p)
    pr = keras.metrics.AUC(multi_label=True, curve='PR')
    pr.update_state(y, p)
    assert (float(roc.result()), float(pr.result())) == TF_AUCS[seed]
