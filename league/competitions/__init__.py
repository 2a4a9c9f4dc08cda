"""competitions"""
