"""``tf.config.optimizer``: graph-optimizer switches. tapeflow builds no graphs to optimize; the
settings are recorded and read back as TensorFlow reports them (its RewriterConfig: the switches in
the proto's order, a toggle only once set, the two booleans always, unknown names dropped), and
``debug_stripper`` is honoured: inside a tf.function, check_numerics checks nothing (grappler's
DebugStripper turns CheckNumerics into Identity), as the graph-optimization tutorial shows."""
_settings = {'jit': '', 'options': {}}

# (name, kind) in TensorFlow's RewriterConfig order: 'toggle' (ON/OFF, absent when unset) or 'bool'
_REPORTED = (('layout_optimizer', 'toggle'), ('constant_folding', 'toggle'), ('shape_optimization', 'toggle'),
             ('remapping', 'toggle'), ('arithmetic_optimization', 'toggle'), ('dependency_optimization', 'toggle'),
             ('loop_optimization', 'toggle'), ('function_optimization', 'toggle'), ('debug_stripper', 'toggle'),
             ('disable_model_pruning', 'bool'), ('scoped_allocator_optimization', 'toggle'),
             ('pin_to_host_optimization', 'toggle'), ('implementation_selector', 'toggle'),
             ('auto_mixed_precision', 'toggle'), ('use_plugin_optimizers', 'toggle'), ('disable_meta_optimizer', 'bool'),
             ('auto_mixed_precision_onednn_bfloat16', 'toggle'), ('auto_mixed_precision_mkl', 'toggle'))


def set_jit(enabled):
    """True / 'autoclustering' records XLA auto-clustering as on; False / '' off."""
    if enabled not in (True, False, '', 'autoclustering'):
        raise ValueError("set_jit: enabled must be True, False, '' or 'autoclustering', got %r" % (enabled,))
    _settings['jit'] = 'autoclustering' if enabled in (True, 'autoclustering') else ''


def get_jit():
    return _settings['jit']


def set_experimental_options(options):
    """Update the switches (None unsets one); TensorFlow keeps every key given and reads only its own."""
    if not isinstance(options, dict):
        raise TypeError('set_experimental_options: options must be a dict, got %r' % (options,))
    _settings['options'].update(options)


def get_experimental_options():
    stored, reported = _settings['options'], {}
    for name, kind in _REPORTED:
        value = stored.get(name)
        if kind == 'bool':
            reported[name] = bool(value)
        elif value is not None:
            reported[name] = bool(value)
    if stored.get('min_graph_nodes'):
        reported['min_graph_nodes'] = stored['min_graph_nodes']
    return reported


def strips_debug_ops():
    """Whether grappler's debug stripper is on (off unless set)."""
    return bool(_settings['options'].get('debug_stripper'))
