"""tf.linalg.cholesky (and logdet, cholesky_solve through it) carries TF 2.21's bits up to 16 x 16
float32 / 13 x 13 float64 (eigen_llt.py): TF's Eigen LLT runs on row-major matrices, so a row's squared
norm is Eigen's dense sum and the column update a row-major GEMV; the scalar-loop order held only to
7 x 7 float32 / 4 x 4 float64, and a Gaussian-process blog's float64 logdet of a 6 x 6 RBF kernel printed
-8.412703756898019 where TF prints -8.412703756898004 (/work/notes/progs/blogs26/p62.py, q_logdet.py).
Expected values printed by TF 2.21 (g_llt.py there); the random sweep is q_llt_ref.py / q_llt_check.py.
"""
import numpy as np

import framework as tf


def _matrix(n):
    b = np.cos(np.arange(100.0)).reshape(10, 10)[:n, :n]
    return b @ b.T + n * np.eye(n)


def test_a_ten_by_ten_float32_factor_is_tensorflows():
    factor = tf.linalg.cholesky(_matrix(10).astype(np.float32)).numpy()
    assert np.diag(factor).tolist() == [3.9108219146728516, 3.729475975036621, 3.6914021968841553, 3.663668632507324,
                                        3.597942352294922, 3.518369197845459, 3.4611849784851074, 3.43794322013855,
                                        3.4322729110717773, 3.420572519302368]
    assert factor[9].tolist() == [-0.5761551856994629, -0.27633264660835266, 0.7951902747154236, -0.9369919896125793,
                                  0.7763031721115112, -0.4475388526916504, 0.06638418138027191, 0.26733508706092834,
                                  -0.4682765305042267, 3.420572519302368]


def test_a_seven_by_seven_float64_factor_and_logdet():
    a = _matrix(7)
    assert tf.linalg.cholesky(a).numpy()[6].tolist() == [
        -1.1291768923050847, 0.8218693390601072, -0.40902700851278156, -0.013994565000630772, 0.3302926915811016,
        -0.48714127842689436, 2.8989832482514566]
    assert float(tf.linalg.logdet(a)) == 15.63344384125967


def test_the_rbf_kernel_logdet_of_the_blog():
    x = tf.constant(np.linspace(0, 1, 6).reshape(-1, 1), tf.float64)
    d = tf.reduce_sum((x[:, None, :] - x[None, :, :]) ** 2, -1)
    k = tf.exp(-0.5 * d / 0.3 ** 2) + 1e-3 * tf.eye(6, dtype=tf.float64)
    assert np.diag(tf.linalg.cholesky(k).numpy()).tolist() == [
        1.000499875062461, 0.6003833370594379, 0.4630690035955701, 0.4015331074737279, 0.3720683499182752,
        0.3585660123576444]
    assert float(tf.linalg.logdet(k)) == -8.412703756898004
