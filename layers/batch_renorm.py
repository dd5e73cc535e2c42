"""Batch renormalization (Ioffe 2017) of BatchNormalization(renorm=True), as Keras 3 (TF 2.21) computes it.

While training, the batch-normalized value is corrected by ``r = stddev / renorm_stddev`` and
``d = (mean - renorm_mean) / renorm_stddev`` (both without gradient, optionally clipped), folded into
the scale and offset: ``x * (r * gamma) + (d * gamma + beta)``. Three more non-trainable weights follow
the four of plain batch normalization, in Keras's order: moving_stddev (inference's moving statistic,
from which moving_variance is derived), renorm_mean and renorm_stddev (the training corrections').
Inference is plain batch normalization with moving_mean and moving_variance.
"""
from framework.ops import cast, clip_by_value, divide, maximum, minimum, relu, sqrt, stop_gradient, subtract

_CLIPPING_KEYS = ['rmax', 'rmin', 'dmax']


def checked_clipping(renorm_clipping):
    """Keras 3's checks of ``renorm_clipping`` (its texts, braces included); None becomes {}."""
    renorm_clipping = renorm_clipping or {}
    if set(renorm_clipping) - set(_CLIPPING_KEYS):
        raise ValueError('Received invalid keys for `renorm_clipping` argument: %s. Supported values: %s.'
                         % (renorm_clipping, _CLIPPING_KEYS))
    rmax, rmin, dmax = (renorm_clipping.get(key) for key in _CLIPPING_KEYS)
    # Keras 3's messages are not f-strings: they print '{rmax}' literally, and TF 2.21 shows that text
    if rmax is not None and rmin is not None and rmax < rmin:
        raise ValueError('rmax should be greater than rmin in the `renorm_clipping` argument. '
                         'Received: rmax={rmax}, rmin={rmin}.')
    if dmax is not None and dmax < 0:
        raise ValueError('dmax should be non-negative in the `renorm_clipping` argument. Received: dmax={dmax}.')
    return renorm_clipping


def add_renorm_weights(layer, shape):
    """moving_stddev, renorm_mean, renorm_stddev after the four weights of ``layer``; the stddevs start
    at the square root of a fresh copy of the moving-variance initializer's values, as Keras 3."""
    def stddev_initializer(shape, dtype=None):
        initializer = layer.moving_variance_initializer
        copy = initializer.clone() if hasattr(initializer, 'clone') else initializer
        return sqrt(copy(shape, dtype=dtype))

    mean_initializer = layer.moving_mean_initializer
    layer.moving_stddev = layer.add_weight(name='moving_stddev', shape=shape, initializer=stddev_initializer,
                                           trainable=False)
    layer.renorm_mean = layer.add_weight(
        name='renorm_mean', shape=shape, trainable=False,
        initializer=mean_initializer.clone() if hasattr(mean_initializer, 'clone') else mean_initializer)
    layer.renorm_stddev = layer.add_weight(name='renorm_stddev', shape=shape, initializer=stddev_initializer,
                                           trainable=False)


def scale_and_offset(layer, mean, variance, gamma, beta, dtype):
    """The renormalized scale ``r * gamma`` and offset ``d * gamma + beta`` (Keras 3's
    _renorm_correction_and_moments and _compose_transforms); r and d carry no gradient."""
    stddev = sqrt(variance + layer.epsilon)
    renorm_mean = cast(layer.renorm_mean, mean.dtype)
    # the floor avoids dividing by zero early in training
    renorm_stddev = maximum(cast(layer.renorm_stddev, mean.dtype), sqrt(cast(layer.epsilon, mean.dtype)))
    r = divide(stddev, renorm_stddev)
    d = divide(subtract(mean, renorm_mean), renorm_stddev)
    clipping = layer.renorm_clipping
    rmin, rmax, dmax = clipping.get('rmin'), clipping.get('rmax'), clipping.get('dmax')
    if rmin is not None:
        r = maximum(r, rmin)
    if rmax is not None:
        r = minimum(r, rmax)
    if dmax is not None:
        d = clip_by_value(d, -dmax, dmax)
    r, d = stop_gradient(r), stop_gradient(d)
    if gamma is not None:
        scale, offset = r * gamma, d * gamma
    else:
        scale, offset = cast(r, dtype), cast(d, dtype)
    return scale, (offset if beta is None else offset + beta)


def update_statistics(layer, mean, variance):
    """Keras 3's _update_renorm_statistics: the renorm and the moving mean / stddev move by their
    momenta, and moving_variance is relu(moving_stddev ** 2 - epsilon). Call it outside any tape."""
    stddev = sqrt(variance + layer.epsilon)
    renorm_mean, renorm_stddev = cast(layer.renorm_mean, mean.dtype), cast(layer.renorm_stddev, mean.dtype)
    momentum = layer.renorm_momentum
    layer.renorm_mean.assign(renorm_mean * momentum + mean * (1.0 - momentum))
    layer.renorm_stddev.assign(renorm_stddev * momentum + stddev * (1.0 - momentum))
    moving_mean, moving_stddev = cast(layer.moving_mean, mean.dtype), cast(layer.moving_stddev, mean.dtype)
    momentum = layer.momentum
    layer.moving_mean.assign(moving_mean * momentum + mean * (1.0 - momentum))
    new_stddev = moving_stddev * momentum + stddev * (1.0 - momentum)
    layer.moving_stddev.assign(new_stddev)
    # relu: rounding could take it below zero
    layer.moving_variance.assign(relu(new_stddev * new_stddev - layer.epsilon))
