"""The ``factor`` arguments of Keras 3's image augmentation layers, read and refused as Keras reads them
(its texts, its lenient checks: a pair is only compared at its ends, NaN passes every comparison, a
bool is a number, a pair of strings fails comparing them with TypeError)."""


def factor_range(factor, arg, who, bounds=(-1, 1), none_is_zero=False):
    """(lower, upper) as Keras's base image layer's ``_set_factor``: a number f gives [max(-f, low), f],
    a pair its sorted values. ``none_is_zero``: the layers that hand ``factor`` to the base constructor,
    which reads ``factor or 0.0`` (RandomRotation, RandomBrightness; RandomContrast checks its own)."""
    if none_is_zero:
        factor = factor or 0.0

    def refused():
        error = ValueError('The `factor` argument should be a number (or a list of two numbers) in the range '
                           '[%s, %s]. Received: factor=%s' % (bounds[0], bounds[1], _shown(factor)))
        error.add_note('%s: %s is a number or a (lower, upper) pair within [%s, %s]' % (who, arg, *bounds))
        return error
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or factor[0] > bounds[1] or factor[1] < bounds[0]:
            raise refused()
        lower, upper = sorted(factor)        # as given (ints stay ints in the saved config, as in Keras)
    elif isinstance(factor, (int, float)):
        if factor < bounds[0] or factor > bounds[1]:
            raise refused()
        factor = abs(factor)
        lower, upper = max(-factor, bounds[0]), factor
    else:
        raise refused()
    return lower, upper


# Keras 3's texts of RandomTranslation's and RandomZoom's own _set_factor
TRANSLATION_TEXT = 'The `factor` argument should be a number (or a list of two numbers) in the range [-1.0, 1.0]. '
ZOOM_TEXT = ('The `height_factor` and `width_factor` arguments should be a number (or a list of two numbers) in the '
             'range (-1.0, 1.0]. ')


def shift_range(factor, arg, text, zoom=False):
    """(lower, upper) as RandomTranslation's / RandomZoom's ``_set_factor``: f gives [-|f|, |f|], a pair its
    sorted values, each number within [-1, 1] (a zoom's above -1: a zoom of -1 would shrink to nothing)."""
    def check(number):
        if number > 1.0 or (number <= -1.0 if zoom else number < -1.0):
            raise ValueError(text + 'Received: input_number=%s' % _shown(number))
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2:
            raise ValueError(text + 'Received: %s=%s' % (arg, _shown(factor)))
        check(factor[0])
        check(factor[1])
        lower, upper = sorted(factor)
    elif isinstance(factor, (int, float)):
        check(factor)
        factor = abs(factor)
        lower, upper = -factor, factor
    else:
        raise ValueError(text + 'Received: %s=%s' % (arg, _shown(factor)))
    return lower, upper


def _shown(value):
    """``value`` as Keras's f-strings show it: format(), so a scalar tensor shows its number ('0.25', from
    ``1 - ops.sqrt(0.25)`` / 2 in keras.io's SimCLR augmenter), where str() gives 'tf.Tensor(0.25, ...)'."""
    return format(value, '')
