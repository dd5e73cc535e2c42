"""``tf.config.optimizer``: graph-optimizer switches. tapeflow builds no graphs to optimize; the
settings are recorded and read back as TensorFlow reports them."""
_settings = {'jit': '', 'options': {'disable_model_pruning': False, 'disable_meta_optimizer': False}}


def set_jit(enabled):
    """True / 'autoclustering' records XLA auto-clustering as on; False / '' off."""
    if enabled not in (True, False, '', 'autoclustering'):
        raise ValueError("set_jit: enabled must be True, False, '' or 'autoclustering', got %r" % (enabled,))
    _settings['jit'] = 'autoclustering' if enabled in (True, 'autoclustering') else ''


def get_jit():
    return _settings['jit']


def set_experimental_options(options):
    if not isinstance(options, dict):
        raise TypeError('set_experimental_options: options must be a dict, got %r' % (options,))
    _settings['options'].update(options)


def get_experimental_options():
    return dict(_settings['options'])
